// GET /share-images/{folder}/1200x630.jpg: the share image of the image folder `images/{folder}`
// (share-images.ts), made on its first request and read from the media store after, whichever the
// store. Cached for a year: a new cover has a new folder, so a new URL.
import crypto from 'node:crypto'
import { Hono } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import { isImageFolder, shareImageFile } from './share-image.js'
import { UnreadableImageError, type ShareImages } from './share-images.js'

export function shareImageRoutes(shareImages: ShareImages) {
  return new Hono().get(`/:folder/${shareImageFile}`, async (c) => {
    const folder = c.req.param('folder')
    // A 404 may be cached by default; the image may yet come (an upload finishing).
    const notFound = () =>
      c.json({ error: 'This image does not exist' } satisfies ErrorBody, 404, {
        'Cache-Control': 'no-store',
      })
    if (!isImageFolder(folder)) return notFound()
    let body: Buffer | undefined
    try {
      body = await shareImages.read(`images/${folder}`)
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error
      console.error(`GET ${c.req.path}: ${error.message}`)
      return c.json(
        { error: 'The cover image is damaged, so it has no share image' } satisfies ErrorBody,
        500,
        { 'Cache-Control': 'no-store' },
      )
    }
    if (!body) return notFound()

    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    const headers = {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
    return c.body(new Uint8Array(body), 200, { ...headers, 'Content-Length': String(body.length) })
  })
}
