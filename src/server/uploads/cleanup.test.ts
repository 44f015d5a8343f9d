import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, dialects, type TestApp } from '../../../tests/support/test-app'
import { removeStaleUploads } from './cleanup'
import { uploadLimits } from './upload-limits'

describe.each(dialects)('removing stale uploads on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('removes uploads no listing used after 24 hours, with their files, and keeps the rest', async () => {
    const user = await createUser(t.context)
    const { uploads, media } = t.context
    const stagingDir = path.join(t.dataDir, 'uploads')
    fs.mkdirSync(stagingDir, { recursive: true })

    for (const id of ['readyOld', 'attachedOld', 'readyNew', 'receivingOld']) {
      await uploads.create({ id, userId: user.id, originalName: `${id}.png` })
    }
    for (const id of ['readyOld', 'attachedOld', 'readyNew']) {
      await uploads.markReady(id, `images/${id}`)
      await media.put(`images/${id}/w400.webp`, Buffer.from('x'), 'image/webp')
    }
    expect(await uploads.claim(['attachedOld'], user.id)).toEqual(
      new Map([['attachedOld', 'images/attachedOld']]),
    )
    fs.writeFileSync(path.join(stagingDir, 'receivingOld'), 'partial bytes')

    const later = Date.now() + uploadLimits.unattachedLifetimeMs + 1000
    // 'readyNew' was made just now too; only a clock a day ahead makes the others stale…
    expect(await removeStaleUploads(uploads, media, t.context.staging, Date.now())).toBe(0)
    // …and then every unattached one goes, however it ended.
    expect(await removeStaleUploads(uploads, media, t.context.staging, later)).toBe(3)

    expect(await uploads.get('attachedOld')).toBeDefined()
    for (const id of ['readyOld', 'readyNew', 'receivingOld'])
      expect(await uploads.get(id)).toBeUndefined()
    const mediaRoot = path.join(t.dataDir, 'media')
    expect(fs.existsSync(path.join(mediaRoot, 'images/readyOld'))).toBe(false)
    expect(fs.existsSync(path.join(mediaRoot, 'images/attachedOld/w400.webp'))).toBe(true)
    expect(fs.existsSync(path.join(stagingDir, 'receivingOld'))).toBe(false)
  })
})
