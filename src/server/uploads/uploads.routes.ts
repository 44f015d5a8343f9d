// /api/uploads: the tus 1.0 endpoint for resumable image uploads (the spec's image uploads), signed-in only.
import { buffer } from 'node:stream/consumers'
import { ERRORS, MemoryLocker, Server, type Upload } from '@tus/server'
import { Hono } from 'hono'
import { maxImageBytes } from '../../shared/listing-schema.js'
import { withoutDirectionControls } from '../../shared/plain-text.js'
import type { Auth } from '../auth/auth.js'
import type { Config } from '../config.js'
import { requireUser } from '../auth/session.js'
import type { ErrorBody } from '../../shared/error-body.js'
import { newId } from '../ids.js'
import { uploadProcessing } from '../media/image-processing.js'
import { ImageRejectedError, storeUploadedImage } from '../media/images.js'
import { imageFileKeys, type MediaStore } from '../media/media-store.js'
import { uploadLimits } from './upload-limits.js'
import type { UploadQueries, UploadLimitReached } from './uploads.queries.js'
import { createKeyedQueue } from './keyed-queue.js'
import { createDiskSpaceCheck } from './disk-space.js'
import type { UploadStaging } from './upload-staging.js'

/** Set by us on every request we hand to the tus server, after checking the session. */
const userHeader = 'x-marketplace-user'

/** What the person sees beside the file when a limit stops it. */
const limitMessages: Record<UploadLimitReached, string> = {
  perHour: 'Too many uploads: try again in an hour',
  unfinished: 'Too many uploads at once: wait until the others finish',
  stagedBytes: 'Too many megabytes uploading at once: wait until the others finish',
  unattached: `At most ${uploadLimits.unattached} images may wait for a listing: use them in one, or wait a day`,
  unattachedBytes: `At most ${uploadLimits.unattachedBytes / 1024 / 1024} MB of images may wait for a listing: use them in one, or wait a day`,
}

/** While a disk that uploads land on is short of space (MEDIA_MIN_FREE_MB). */
const diskFullMessage = 'The server is short of disk space: uploads are paused, try again later'

interface TusError {
  status_code: number
  body: string
}

/** tus' own errors that a person may meet, in words for them. */
const tusErrorMessages = new Map<unknown, string>([
  [ERRORS.ERR_MAX_SIZE_EXCEEDED, `Images may be at most ${maxImageBytes / 1024 / 1024} MB`],
  [ERRORS.FILE_NO_LONGER_EXISTS, 'This upload took too long and has expired: please try again'],
])

const isTusError = (error: unknown): error is TusError =>
  typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error

const tusError = (status_code: number, error: string): TusError => ({
  status_code,
  body: JSON.stringify({ error } satisfies ErrorBody),
})

/**
 * Why a file name is refused, if it is. A browser sends a file's own name, never a path and never
 * control characters: those come only from hand-made requests.
 */
export function fileNameProblem(name: string): string | undefined {
  if (!name) return 'The upload needs a file name'
  if (name.length > uploadLimits.fileNameLength) {
    return `The file name is too long (at most ${uploadLimits.fileNameLength} characters)`
  }
  if (/[\\/\p{Cc}]/u.test(name)) return 'File names may not contain slashes or control characters'
  return undefined
}

/** A file name as it may appear inside a media key: ASCII letters, digits, '.', '_' and '-'. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-60)
  return cleaned || 'image'
}

export function uploadsRoutes(deps: {
  config: Pick<Config, 'mediaMinFreeMb'>
  auth: Auth
  uploads: UploadQueries
  media: MediaStore
  /** The disk store's folder; undefined with S3 */
  mediaRoot: string | undefined
  staging: UploadStaging
}) {
  const { auth, uploads, media } = deps
  const { datastore } = deps.staging
  // On disk one server holds an upload, and tus' own locker (per process) is enough.
  const locker = deps.staging.locker ?? new MemoryLocker()
  // A burst of one user's creations would otherwise take every pooled connection.
  const inTurn = createKeyedQueue()
  const isShortOfSpace = createDiskSpaceCheck(
    [deps.staging.localFolder, ...(deps.mediaRoot ? [deps.mediaRoot] : [])],
    deps.config.mediaMinFreeMb,
  )

  const tus = new Server({
    path: '/api/uploads',
    datastore,
    locker,
    maxSize: maxImageBytes,
    relativeLocation: true,
    namingFunction: () => newId(24),
    // The app is same-origin: no other site's page may read a response (tus allows any by default).
    allowedOrigins: () => false,

    // Runs before tus writes anything to staging: an error here leaves no trace.
    async onUploadCreate(req: Request, upload: Upload) {
      const userId = req.headers.get(userHeader)!
      // Kept as it will show: 'photo\u202egnp.exe' would read 'photoexe.png'. Checked as kept, so
      // a name of direction controls alone is no name.
      const originalName = withoutDirectionControls(upload.metadata?.filename ?? '')
      const nameProblem = fileNameProblem(originalName)
      if (nameProblem) throw tusError(400, nameProblem)
      const { size } = upload
      if (size === undefined) throw tusError(400, 'The upload needs its length up front')
      if (size === 0) throw tusError(422, 'The file is empty')
      const limitReached = await inTurn(userId, () =>
        uploads.createWithinLimits({ id: upload.id, userId, originalName, size }, uploadLimits),
      )
      if (limitReached) throw tusError(429, limitMessages[limitReached])
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
      // The last chunk may come twice (an empty PATCH at the final offset): one processing only.
      if ((await finishUpload(upload.id)) === 'already') {
        throw tusError(409, 'This upload is already finished')
      }
      return {}
    },

    onResponseError(_req, error) {
      if ('status_code' in error) {
        const message = tusErrorMessages.get(error)
        if (message) return tusError(error.status_code, message)
        // tus' own errors are plain text; ours are already JSON.
        return error.body.startsWith('{') ? error : tusError(error.status_code, error.body.trim())
      }
      console.error('Upload failed:', error)
      return tusError(500, 'The upload failed on our side')
    },
  })

  /**
   * Makes the image of an upload whose bytes have all arrived, under the upload's lock: a second
   * request for it (the last chunk sent twice, a HEAD after a server died) waits, then finds it
   * done. Processing holds the lock throughout, so one found begun but unfinished is one whose
   * server died, and it is begun again.
   */
  async function finishUpload(id: string): Promise<'finished' | 'already'> {
    const lock = locker.newLock(id)
    // Asked to let go by a waiting request: the image is nearly made, and it waits for it.
    await lock.lock(new AbortController().signal, () => undefined)
    try {
      const record = await uploads.get(id)
      if (!record) throw tusError(410, 'This upload has expired: choose the file again')
      if (record.status === 'ready') return 'already'
      if (record.status === 'rejected') throw tusError(422, record.error ?? 'Images not uploaded')
      const imageKey = `images/${record.userId}-${safeFileName(record.originalName)}-${newId()}`
      if (!(await uploads.startProcessing(id, imageKey, record.imageKey))) {
        throw tusError(409, 'This upload is already finished')
      }
      // What the dead server stored of its image goes: this processing makes a whole one.
      if (record.imageKey) await media.delete(imageFileKeys(record.imageKey))
      await makeImage(id, record.userId, imageKey)
      return 'finished'
    } finally {
      await lock.unlock()
    }
  }

  async function makeImage(id: string, userId: string, imageKey: string): Promise<void> {
    try {
      await uploadProcessing(userId, async () =>
        storeUploadedImage(media, imageKey, await buffer(await datastore.read(id))),
      )
      if (!(await uploads.markReady(id, imageKey))) {
        throw new Error('the upload was removed while it was processed')
      }
    } catch (error) {
      const rejected = error instanceof ImageRejectedError
      if (!rejected) console.error(`Upload ${id} failed:`, error)
      // Whatever part of the image was stored goes too: nothing half-made stays behind.
      await media.delete(imageFileKeys(imageKey)).catch(() => undefined)
      const message = rejected ? error.message : 'The image could not be stored: please try again'
      await uploads.markRejected(id, message)
      // Our failure is a 5xx, which the browser's tus client retries with a fresh upload.
      throw tusError(rejected ? 422 : 500, message)
    } finally {
      // The staged bytes are no longer needed either way.
      await datastore.remove(id).catch(() => undefined)
    }
  }

  async function isFinishing(id: string, userId: string): Promise<boolean> {
    const record = await uploads.get(id)
    return record?.userId === userId && (record.status !== 'receiving' || record.imageKey !== null)
  }

  /**
   * A HEAD response of tus, made right for an upload whose bytes have all arrived: a client that
   * lost the response to its last chunk asks it, and takes "all there" for "done". The server that
   * took that chunk may have died before it made the image, or made it and removed the bytes.
   */
  async function completeHeadResponse(
    id: string,
    userId: string,
    response: Response,
  ): Promise<Response> {
    const length = response.headers.get('Upload-Length')
    if (response.status === 200 && length !== null) {
      if (response.headers.get('Upload-Offset') !== length) return response
      try {
        await finishUpload(id)
      } catch (error) {
        if (!isTusError(error)) throw error
        return new Response(null, {
          status: error.status_code,
          headers: { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' },
        })
      }
      return response
    }
    const record = response.status === 404 ? await uploads.get(id) : undefined
    if (record?.userId !== userId || record.status !== 'ready') return response
    return new Response(null, {
      status: 200,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Cache-Control': 'no-store',
        'Upload-Offset': String(record.size),
        'Upload-Length': String(record.size),
      },
    })
  }

  return new Hono().all('/*', requireUser(auth), async (c) => {
    // The app never downloads an upload back: GET is not offered.
    if (c.req.method === 'GET') return c.json({ error: 'Not found' } satisfies ErrorBody, 404)
    // Nor does it send bytes with the creation (tus' creation-with-upload): a creation refused
    // while they were written (more than declared: 413) left its upload behind, unfinished.
    if (
      c.req.method === 'POST' &&
      c.req.header('Content-Type') === 'application/offset+octet-stream'
    ) {
      return c.json(
        { error: 'Create the upload first, then send its bytes with PATCH' } satisfies ErrorBody,
        400,
      )
    }
    if (['POST', 'PATCH'].includes(c.req.method) && (await isShortOfSpace())) {
      return c.json({ error: diskFullMessage } satisfies ErrorBody, 507)
    }
    const headers = new Headers(c.req.raw.headers)
    const userId = c.get('user').id
    headers.set(userHeader, userId)
    const id = uploadIdOf(c.req.path)
    // All its bytes are in and its image is being (or was) made: a chunk more is one too many.
    // Handled before tus, whose lock the making holds.
    if (id !== undefined && c.req.method === 'PATCH' && (await isFinishing(id, userId))) {
      return c.json({ error: 'This upload is already finished' } satisfies ErrorBody, 409)
    }
    let response = withoutCors(await tus.handleWeb(new Request(c.req.raw, { headers })))
    if (id !== undefined && c.req.method === 'HEAD') {
      response = await completeHeadResponse(id, userId, response)
    }
    if (response.status < 400) return response
    // tus writes some errors (no Tus-Resumable, a malformed header) as plain text without
    // asking onResponseError, and all as text/plain; our API's errors are JSON `{ error }`.
    const text = await response.text()
    const jsonResponse = new Response(c.req.method === 'HEAD' ? null : asErrorBody(text), response)
    jsonResponse.headers.set('Content-Type', 'application/json')
    jsonResponse.headers.delete('Content-Length')
    return jsonResponse
  })
}

/**
 * A tus response without CORS headers: beside the origin (off above), tus lists the headers and
 * methods another site's script could use, which the app never lets one do.
 */
function withoutCors(response: Response): Response {
  const copy = new Response(response.body, response)
  for (const name of [...copy.headers.keys()]) {
    if (name.startsWith('access-control-')) copy.headers.delete(name)
  }
  return copy
}

/** The upload a request names (its path's last segment), if it can be one of ours (`newId`). */
function uploadIdOf(path: string): string | undefined {
  const segment = path.slice(path.lastIndexOf('/') + 1)
  // Anything else (a broken escape, a NUL) names no upload, and tus responds 404 itself.
  return /^[A-Za-z0-9]{1,64}$/.test(segment) ? segment : undefined
}

/** A tus response's text as our error body: ours already are one, tus' own plain text becomes one. */
function asErrorBody(text: string): string {
  try {
    if (typeof (JSON.parse(text) as Partial<ErrorBody>).error === 'string') return text
  } catch {
    // plain text
  }
  return JSON.stringify({ error: text.trim() || 'Request failed' } satisfies ErrorBody)
}
