// One user's upload limits hold under a burst of parallel tus creations.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxImageBytes } from '../../shared/listing-schema'
import {
  createTestApp,
  createUser,
  dialects,
  sendJson,
  validListingBody,
  type TestApp,
} from '../../../tests/support/test-app'
import { createUpload, finishedUpload, sendChunk } from '../../../tests/support/tus'
import { signIn } from '../../../tests/support/sign-in'
import { removeStaleUploads } from './cleanup'
import { uploadLimits } from './upload-limits'

describe.each(dialects)('upload limits on %s', (dialect) => {
  let t: TestApp
  const stagingDir = () => path.join(t.dataDir, 'uploads')

  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  async function newUploader() {
    const user = await createUser(t.context)
    return { user, cookie: await signIn(t.context, user) }
  }

  /** Fires `count` creations at once; returns how many were created, and the rejected ones' bodies. */
  async function burst(cookie: string, count: number, length = 1000) {
    const results = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const response = await createUpload(t.app, cookie, length, `photo-${i}.png`)
        return { status: response.status, body: await response.text() }
      }),
    )
    const statuses = new Set(results.map((result) => result.status))
    expect([...statuses].every((status) => status === 201 || status === 429)).toBe(true)
    const refused = results.filter((result) => result.status === 429)
    return {
      created: results.length - refused.length,
      errors: new Set(
        refused.map((result) => (JSON.parse(result.body) as { error: string }).error),
      ),
    }
  }

  const rowsOf = (userId: string) =>
    t.context.db.kysely.selectFrom('upload').selectAll().where('userId', '=', userId).execute()

  it(`lets ${uploadLimits.unfinished} of 100 parallel creations through, and responds 429 JSON to the rest`, async () => {
    const { user, cookie } = await newUploader()
    const someoneElse = await newUploader()
    // Meanwhile another user's upload goes through: the burst does not take every connection.
    const [{ created, errors }, other] = await Promise.all([
      burst(cookie, 100),
      createUpload(t.app, someoneElse.cookie, 1000, 'mine.png'),
    ])
    expect(other.status).toBe(201)
    expect(created).toBe(uploadLimits.unfinished)
    expect(errors).toEqual(new Set(['Too many uploads at once: wait until the others finish']))
    expect(await rowsOf(user.id)).toHaveLength(uploadLimits.unfinished)
  })

  it('limits the bytes one user has staged at once', async () => {
    const { user, cookie } = await newUploader()
    const { created, errors } = await burst(cookie, 20, maxImageBytes)
    expect(created).toBe(Math.floor(uploadLimits.stagedBytes / maxImageBytes))
    expect(errors).toEqual(
      new Set(['Too many megabytes uploading at once: wait until the others finish']),
    )
    expect(await rowsOf(user.id)).toHaveLength(created)
  })

  it(`holds the hourly limit of ${uploadLimits.perHour} exactly under a burst`, async () => {
    const { user, cookie } = await newUploader()
    // Earlier uploads this hour, refused ones too, count against it.
    const earlier = uploadLimits.perHour - 5
    for (let i = 0; i < earlier; i++) {
      await t.context.uploads.create({
        id: `earlier-${user.id}-${i}`,
        userId: user.id,
        originalName: 'a.png',
      })
      await t.context.uploads.markRejected(`earlier-${user.id}-${i}`, 'not an image')
    }
    const { created, errors } = await burst(cookie, 100)
    expect(created).toBe(5)
    expect(errors).toEqual(new Set(['Too many uploads: try again in an hour']))
    expect(await rowsOf(user.id)).toHaveLength(uploadLimits.perHour)
  })

  it('frees a place when an upload finishes', async () => {
    const { cookie } = await newUploader()
    const photo = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#abc' },
    })
      .png()
      .toBuffer()
    const first = await createUpload(t.app, cookie, photo.length, 'first.png')
    expect((await burst(cookie, uploadLimits.unfinished)).created).toBe(uploadLimits.unfinished - 1)
    const id = first.headers.get('location')!.split('/').pop()!
    expect((await sendChunk(t.app, cookie, id, 0, photo)).status).toBe(204)
    expect((await burst(cookie, 3)).created).toBe(1)
  })

  it('stops counting abandoned uploads after an hour, and the next cleanup removes them', async () => {
    const { user, cookie } = await newUploader()
    expect((await burst(cookie, uploadLimits.unfinished)).created).toBe(uploadLimits.unfinished)
    const abandoned = await rowsOf(user.id)
    const anHourAgo = Date.now() - uploadLimits.unfinishedLifetimeMs - 1000
    await t.context.db.kysely
      .updateTable('upload')
      .set({ createdAt: anHourAgo })
      .where('userId', '=', user.id)
      .execute()

    expect((await burst(cookie, 1)).created).toBe(1)
    await removeStaleUploads(t.context.uploads, t.context.media, t.context.staging)
    const left = await rowsOf(user.id)
    expect(left).toHaveLength(1)
    const staged = fs.readdirSync(stagingDir())
    for (const { id } of abandoned) expect(staged.filter((file) => file.startsWith(id))).toEqual([])
    expect(staged).toContain(left[0]!.id)
  })

  it(`refuses a creation past ${uploadLimits.unattached} finished uploads no listing uses, until one does`, async () => {
    const { cookie } = await newUploader()
    const finished: string[] = []
    for (let i = 0; i < uploadLimits.unattached; i++) {
      finished.push(await finishedUpload(t.app, cookie, undefined, `photo-${i}.png`))
    }
    const refused = await createUpload(t.app, cookie, 1000, 'one-more.png')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: 'At most 30 images may wait for a listing: use them in one, or wait a day',
    })
    const listing = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      validListingBody(finished.slice(0, 6)),
      cookie,
    )
    expect(listing.status).toBe(201)
    expect((await createUpload(t.app, cookie, 1000, 'one-more.png')).status).toBe(201)
  })

  it('refuses a creation past 300 MB of uploads no listing uses', async () => {
    const { user, cookie } = await newUploader()
    // Three finished uploads of 100 MiB each (more than one upload may be: only the sum counts).
    for (let i = 0; i < 3; i++) {
      const id = `big-${user.id}-${i}`
      await t.context.uploads.create({
        id,
        userId: user.id,
        originalName: 'a.png',
        size: 100 << 20,
      })
      await t.context.uploads.markReady(id, `images/${id}`)
    }
    const refused = await createUpload(t.app, cookie, 1000, 'one-more.png')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: 'At most 300 MB of images may wait for a listing: use them in one, or wait a day',
    })
    expect(await rowsOf(user.id)).toHaveLength(3)
  })
})
