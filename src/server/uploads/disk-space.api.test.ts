// Uploads are refused with 507 while a disk they land on has less free than MEDIA_MIN_FREE_MB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from '../../../tests/support/sign-in'
import { createTestApp, createUser, type TestApp } from '../../../tests/support/test-app'
import { createUpload, sendChunk, testPng } from '../../../tests/support/tus'
import { createDiskSpaceCheck } from './disk-space'

const diskFull = {
  error: 'The server is short of disk space: uploads are paused, try again later',
}

describe('uploads on a disk short of space', () => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    // No disk has a million terabytes free: the check always finds it short.
    t = await createTestApp('sqlite', { MEDIA_MIN_FREE_MB: String(1e12) })
    cookie = await signIn(t.context, await createUser(t.context))
  })
  afterAll(() => t?.close())

  it('refuses a new upload and a chunk with 507 JSON, and records nothing', async () => {
    const created = await createUpload(t.app, cookie, 1000, 'photo.png')
    expect(created.status).toBe(507)
    expect(await created.json()).toEqual(diskFull)
    const chunk = await sendChunk(t.app, cookie, 'AnyUploadId', 0, await testPng(8, 8))
    expect(chunk.status).toBe(507)
    expect(await chunk.json()).toEqual(diskFull)
    expect(await t.context.db.kysely.selectFrom('upload').selectAll().execute()).toEqual([])
  })
})

describe('createDiskSpaceCheck', () => {
  it('finds a disk short only below the minimum, and never when it is 0', async () => {
    const folder = process.cwd()
    expect(await createDiskSpaceCheck([folder], 1)()).toBe(false)
    expect(await createDiskSpaceCheck([folder], 1e12)()).toBe(true)
    expect(await createDiskSpaceCheck([folder], 0)()).toBe(false)
    // A folder not made yet says nothing either way.
    expect(await createDiskSpaceCheck(['/no/such/folder'], 1e12)()).toBe(false)
  })
})
