// GET /media/* for the disk store: immutable files (keys are never reused) with an ETag.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { isSafeKey } from './media-store.js'

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
}

export function mediaRoutes(root: string) {
  return new Hono().get('/*', async (c) => {
    // Hono has decoded the path already; safe keys hold no '%', so anything left over is refused.
    const key = c.req.path.replace(/^\/media\//, '')
    const type = contentTypes[path.extname(key).toLowerCase()]
    if (!type || !isSafeKey(key)) return c.json({ error: 'Not found' }, 404)
    const file = path.join(root, key)
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (!stat?.isFile()) return c.json({ error: 'Not found' }, 404)

    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`
    const headers = {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream
    return c.body(body, 200, { ...headers, 'Content-Length': String(stat.size) })
  })
}
