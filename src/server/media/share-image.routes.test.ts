// GET /share-images/{folder}/1200x630.jpg: the image with a long cache, or a clear error.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDiskStore } from './disk-store.js'
import { storeImageVariants } from './images.js'
import { shareImageRoutes } from './share-image.routes.js'
import { createShareImages } from './share-images.js'

let dir: string
let store: ReturnType<typeof createDiskStore>
let app: Hono

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'share-image-routes-'))
  store = createDiskStore(path.join(dir, 'media'))
  app = new Hono().route('/share-images', shareImageRoutes(createShareImages(store)))
  const cover = await sharp({
    create: { width: 800, height: 800, channels: 3, background: '#a53' },
  })
    .png()
    .toBuffer()
  await storeImageVariants(store, 'images/u1-house.png-1', cover)
  await storeImageVariants(store, 'images/u1-broken.png-2', cover)
  await store.put('images/u1-broken.png-2/w1200.webp', Buffer.from('not a picture'), 'image/webp')
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('GET /share-images/{folder}/1200x630.jpg', () => {
  it('serves the JPEG, cacheable for a year, and 304 to its ETag', async () => {
    const response = await app.request('/share-images/u1-house.png-1/1200x630.jpg')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('Content-Length')).toBe(String(body.length))
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })

    const etag = response.headers.get('ETag')!
    const again = await app.request('/share-images/u1-house.png-1/1200x630.jpg', {
      headers: { 'If-None-Match': etag },
    })
    expect(again.status).toBe(304)
  })

  it.each([
    ['an image that does not exist', '/share-images/u1-none.png-3/1200x630.jpg'],
    ['a folder name we never make', '/share-images/u1%20house/1200x630.jpg'],
    ['a folder name longer than ours', `/share-images/${'a'.repeat(251)}/1200x630.jpg`],
  ])('responds 404 for %s, not to be cached', async (_, url) => {
    const response = await app.request(url)
    expect(response.status).toBe(404)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ error: 'This image does not exist' })
  })

  it('responds with a clear error for a broken cover, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await app.request('/share-images/u1-broken.png-2/1200x630.jpg')
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        error: 'The cover image is damaged, so it has no share image',
      })
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('u1-broken.png-2/w1200.webp'))
    } finally {
      logged.mockRestore()
    }
  })
})
