// A listing page's og:image, followed as a chat app does: absolute under PUBLIC_URL, served by the
// server as a 1200×630 JPEG made once, on the disk store and on S3 (s3rver), on both databases; a
// new cover has a new URL.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listingPagePath } from '../../shared/screens.js'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver.js'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
} from '../../../tests/support/test-app.js'
import { createApp, type App } from '../app.js'
import { storeImageVariants } from './images.js'
import { shareImageName } from './media-store.js'

const publicUrl = 'https://homes.example'

let s3: LocalS3
beforeAll(async () => {
  s3 = await startS3rver()
})
afterAll(() => s3?.close())

const cases = dialects.flatMap((dialect) => [[dialect, 'disk'] as const, [dialect, 's3'] as const])

describe.each(cases)('share images of listing pages (%s, %s store)', (dialect, storage) => {
  let test: TestApp
  let app: App

  beforeAll(async () => {
    test = await createTestApp(dialect, {
      PUBLIC_URL: publicUrl,
      ...(storage === 's3' ? s3.env : {}),
    })
    const clientDir = path.join(test.dataDir, 'client')
    await fs.mkdir(clientDir, { recursive: true })
    await fs.writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><!--page-head--><!--/page-head--></head><body></body></html>',
    )
    app = createApp(test.context, { clientDir })
  })
  afterAll(() => test?.close())

  let nextId = 0
  async function storedImage(background: string): Promise<string> {
    nextId += 1
    const cover = await sharp({ create: { width: 1000, height: 750, channels: 3, background } })
      .jpeg()
      .toBuffer()
    const key = `images/u1-cover.jpg-${storage}${nextId}${Date.now().toString(36)}`
    return storeImageVariants(test.context.media, key, cover)
  }

  async function ogImage(listing: { id: string; type: 'rent' | 'sale' }): Promise<string> {
    const html = await (await app.request(listingPagePath(listing))).text()
    return /<meta property="og:image" content="([^"]+)">/.exec(html)![1]!
  }

  it('is a 1200×630 JPEG under PUBLIC_URL, made on its first request only', async () => {
    const owner = await createUser(test.context)
    const listing = await insertListing(test.context, {
      userRef: owner.id,
      images: [await storedImage('#246'), await storedImage('#642')],
    })
    const url = await ogImage(listing)
    expect(url).toMatch(/^https:\/\/homes\.example\/share-images\/[^/]+\/1200x630\.jpg$/)

    const put = vi.spyOn(test.context.media, 'put')
    try {
      const makes = () =>
        put.mock.calls.filter(([key]) => key.endsWith(`/${shareImageName}`)).length
      const first = await app.request(new URL(url).pathname)
      expect(first.status).toBe(200)
      const body = Buffer.from(await first.arrayBuffer())
      expect(await sharp(body).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      })
      const second = await app.request(new URL(url).pathname)
      expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true)
      expect(makes()).toBe(1)
    } finally {
      put.mockRestore()
    }
  })

  it('has a new URL when the cover changes', async () => {
    const owner = await createUser(test.context)
    const [first, second] = [await storedImage('#135'), await storedImage('#531')]
    const listing = await insertListing(test.context, {
      userRef: owner.id,
      images: [first, second],
    })
    const before = await ogImage(listing)
    await test.context.listings.update(listing.id, {
      ...listing,
      images: JSON.stringify([second, first]),
    })
    const after = await ogImage(listing)
    expect(after).not.toBe(before)
    expect((await app.request(new URL(after).pathname)).status).toBe(200)
  })
})
