// A listing's images go after its change is committed. If their removal fails, or the process dies
// before it, the images' uploads are released in the same transaction, so the stale-upload
// cleanup still removes the files: nothing is left that no listing points at.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listingFormDefaults, listingInputSchema } from '../../shared/listing-schema'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import { createTestApp, createUser, dialects, type TestApp } from '../../../tests/support/test-app'
import type { MediaStore } from '../media/media-store'
import { removeStaleUploads } from '../uploads/cleanup'
import { uploadLimits } from '../uploads/upload-limits'
import { createListingWrites } from './listing-writes'

describe.each(dialects)('images a listing lets go of (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t?.close())

  const folderExists = (imageKey: string) => fs.existsSync(path.join(t.dataDir, 'media', imageKey))

  /** The real disk store, except that its deletes fail: a crash right after the commit. */
  const failingDeletes = (): MediaStore => ({
    ...t.context.media,
    delete: () => Promise.reject(new Error('The process died here')),
  })

  it('are removed by the cleanup when their removal after a delete did not happen', async () => {
    const user = await createUser(t.context)
    const first = await storeReadyUpload(t.context, user.id)
    const second = await storeReadyUpload(t.context, user.id)
    const input = listingInputSchema.parse({
      ...listingFormDefaults,
      name: 'Released images house',
      address: '12 Rue de Rivoli, Paris, France',
      regularPrice: 1500,
      images: [first.id, second.id],
    })
    const listing = await t.context.writes.create(user.id, input)

    const crashing = createListingWrites({
      ...t.context,
      media: failingDeletes(),
      photoChecks: t.context.moderation.photoChecks,
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The edit drops the second image; then the listing is deleted.
    await crashing.update(listing.id, user.id, { ...input, images: [listing.imageUrls[0]!] })
    await crashing.delete(listing.id, user.id)
    expect(logged).toHaveBeenCalledTimes(2)
    logged.mockRestore()

    expect(folderExists(first.imageKey)).toBe(true)
    expect(folderExists(second.imageKey)).toBe(true)
    // Released, they can never be claimed again…
    expect(await t.context.uploads.claim([first.id], user.id)).toBeUndefined()
    // …and the cleanup's next pass a day later removes them, files and all.
    const later = Date.now() + uploadLimits.unattachedLifetimeMs + 1000
    expect(
      await removeStaleUploads(t.context.uploads, t.context.media, t.context.staging, later),
    ).toBe(2)
    expect(folderExists(first.imageKey)).toBe(false)
    expect(folderExists(second.imageKey)).toBe(false)
  })

  it('are removed at once, rows and files, when nothing fails', async () => {
    const user = await createUser(t.context)
    const upload = await storeReadyUpload(t.context, user.id)
    const listing = await t.context.writes.create(
      user.id,
      listingInputSchema.parse({
        ...listingFormDefaults,
        name: 'Plain delete house',
        address: '12 Rue de Rivoli, Paris, France',
        regularPrice: 1500,
        images: [upload.id],
      }),
    )
    await t.context.writes.delete(listing.id, user.id)
    expect(folderExists(upload.imageKey)).toBe(false)
    expect(await t.context.uploads.get(upload.id)).toBeUndefined()
  })
})
