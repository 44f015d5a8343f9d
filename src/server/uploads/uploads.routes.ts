// /api/uploads: the tus 1.0 endpoint for resumable image uploads (SPEC §7 Images), signed-in only.
import fs from 'node:fs/promises'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'
import { Hono } from 'hono'
import { maxImageBytes } from '../../shared/listing-schema.js'
import type { Auth } from '../auth/auth.js'
import { requireUser } from '../auth/session.js'
import type { ErrorBody } from '../http/validate.js'
import { newId } from '../ids.js'
import { createLimiter } from '../media/image-queue.js'
import { ImageRejectedError, storeUploadedImage } from '../media/images.js'
import { imageFileKeys, type MediaStore } from '../media/media-store.js'
import type { UploadQueries } from './uploads.queries.js'

/** Set by us on every request we hand to the tus server, after checking the session. */
const userHeader = 'x-marketplace-user'

/** Finished uploads are turned into variants two at a time; the rest wait their turn. */
const processing = createLimiter(2)

/** No one needs more than this many uploads an hour; more is an abuse of the disk. */
export const uploadsPerHour = 60

interface TusError {
  status_code: number
  body: string
}

const tusError = (status_code: number, error: string): TusError => ({
  status_code,
  body: JSON.stringify({ error } satisfies ErrorBody),
})

/** A file name as it may appear inside a media key: no folders, no control characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-60)
  return cleaned || 'image'
}

export function uploadsRoutes(deps: {
  auth: Auth
  uploads: UploadQueries
  media: MediaStore
  stagingDir: string
}) {
  const { auth, uploads, media, stagingDir } = deps
  const datastore = new FileStore({
    directory: stagingDir,
    expirationPeriodInMilliseconds: 24 * 3600_000,
  })

  const tus = new Server({
    path: '/api/uploads',
    datastore,
    maxSize: maxImageBytes,
    relativeLocation: true,
    namingFunction: () => newId(24),

    async onUploadCreate(req: Request, upload: Upload) {
      const userId = req.headers.get(userHeader)!
      const originalName = upload.metadata?.filename ?? ''
      if (!originalName || originalName.length > 255)
        throw tusError(400, 'The upload needs a file name')
      if (upload.sizeIsDeferred) throw tusError(400, 'The upload needs its length up front')
      if ((await uploads.countSince(userId, Date.now() - 3600_000)) >= uploadsPerHour) {
        throw tusError(429, 'Too many uploads: try again in an hour')
      }
      await uploads.create({ id: upload.id, userId, originalName })
      return { metadata: { ...upload.metadata, owner: userId } }
    },

    // Every request that names an upload — by the very id tus resolved from the URL — must come
    // from its owner; to anyone else the upload does not exist.
    async onIncomingRequest(req: Request, uploadId: string) {
      if (req.method === 'POST') return
      if ((await uploads.ownerOf(uploadId)) !== req.headers.get(userHeader)) {
        throw tusError(404, 'Upload not found')
      }
    },

    async onUploadFinish(_req: Request, upload: Upload) {
      const record = (await uploads.get(upload.id))!
      const imageKey = `images/${record.userId}-${safeFileName(record.originalName)}-${newId()}`
      const file = path.join(stagingDir, upload.id)
      try {
        await processing(async () => storeUploadedImage(media, imageKey, await fs.readFile(file)))
        await uploads.markReady(upload.id, imageKey)
        return {}
      } catch (error) {
        const message =
          error instanceof ImageRejectedError ? error.message : 'The image could not be stored'
        if (!(error instanceof ImageRejectedError)) {
          console.error(`Upload ${upload.id} failed:`, error)
          // Whatever part of the image was stored goes too: nothing half-made stays behind.
          await media.delete(imageFileKeys(imageKey)).catch(() => undefined)
        }
        await uploads.markRejected(upload.id, message)
        throw tusError(422, message)
      } finally {
        // The staged bytes are no longer needed either way.
        await datastore.remove(upload.id).catch(() => undefined)
      }
    },

    onResponseError(_req, error) {
      if ('status_code' in error) {
        // tus' own errors are plain text; ours are already JSON.
        return error.body.startsWith('{') ? error : tusError(error.status_code, error.body.trim())
      }
      console.error('Upload failed:', error)
      return tusError(500, 'The upload failed on our side')
    },
  })

  return {
    tus,
    routes: new Hono().all('/*', requireUser(auth), async (c) => {
      // The app never downloads an upload back: GET is not offered.
      if (c.req.method === 'GET') return c.json({ error: 'Not found' } satisfies ErrorBody, 404)
      const headers = new Headers(c.req.raw.headers)
      headers.set(userHeader, c.get('user').id)
      const response = await tus.handleWeb(new Request(c.req.raw, { headers }))
      if (response.status < 400) return response
      // tus sends its (and our) error bodies as text/plain; our API's errors are JSON.
      const answer = new Response(response.body, response)
      answer.headers.set('Content-Type', 'application/json')
      return answer
    }),
  }
}
