// One account's big uploads do not hold up anyone else's images: an attack (four 6 MB,
// 40-megapixel noise JPEGs from one account, within its quotas) runs while another account uploads
// a small image and a share image is made. The budgets are 3 s each; the work
// measured is tens of milliseconds, so they hold on a loaded two-core machine, while before this
// change both waited behind the attack for far longer (86 s in one measured run).
import crypto from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxImageBytes } from '../../shared/listing-schema'
import { signIn } from '../../../tests/support/sign-in'
import { createTestApp, createUser, type TestApp } from '../../../tests/support/test-app'
import { finishedUpload, testPng, tusUpload } from '../../../tests/support/tus'

/** A 40-megapixel JPEG of random noise: the most work per byte a decoder and encoder can get. */
const noiseJpeg = () => {
  const [width, height] = [7300, 5470]
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 15 })
    .toBuffer()
}

const seconds = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return (performance.now() - started) / 1000
}

describe('image processing under one account’s attack', () => {
  let t: TestApp
  let attacker: { id: string; cookie: string }
  let otherCookie: string

  beforeAll(async () => {
    t = await createTestApp('sqlite')
    const attackerUser = await createUser(t.context)
    attacker = { id: attackerUser.id, cookie: await signIn(t.context, attackerUser) }
    otherCookie = await signIn(t.context, await createUser(t.context))
  })
  afterAll(() => t?.close())

  it('processes another account’s small upload and makes a share image within 3 s each', async () => {
    const coverId = await finishedUpload(t.app, otherCookie, await testPng(1600, 1000))
    const cover = (await t.context.uploads.get(coverId))!.imageKey!
    const small = await testPng(64, 64)
    const big = await noiseJpeg()
    expect(big.length).toBeLessThanOrEqual(maxImageBytes)

    const attack = [1, 2, 3, 4].map((n) => tusUpload(t.app, attacker.cookie, big, `noise-${n}.jpg`))
    const attackerUploads = () =>
      t.context.db.kysely
        .selectFrom('upload')
        .select(['status', 'imageKey'])
        .where('userId', '=', attacker.id)
        .execute()
    // The attack is under way once one of its images is being made.
    await expect
      .poll(
        async () =>
          (await attackerUploads()).some((row) => row.status === 'receiving' && row.imageKey),
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true)

    const folder = cover.slice('images/'.length)
    // Both at once, each on its own clock: neither waits for the other.
    const [uploadSeconds, shareSeconds] = await Promise.all([
      seconds(() => finishedUpload(t.app, otherCookie, small)),
      seconds(async () => {
        const response = await t.app.request(`/share-images/${folder}/1200x630.jpg`)
        expect(response.status).toBe(200)
      }),
    ])
    // Both were measured while the attack still had images to make.
    expect((await attackerUploads()).filter((row) => row.status === 'ready').length).toBeLessThan(4)
    expect(uploadSeconds).toBeLessThanOrEqual(3)
    expect(shareSeconds).toBeLessThanOrEqual(3)

    for (const result of await Promise.all(attack)) expect(result.status).toBe(204)
  }, 180_000)
})
