// Uploads through our tus endpoint, in-process or on a server process, speaking the tus 1.0
// protocol as tus-js-client does.
import sharp from 'sharp'
import type { ServerProcess } from './server-process'

/** The app in-process (Hono's `request`), or a server process through `overHttp`. */
export interface TusTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>
}

/** A server process as a target: the same requests, over HTTP. */
export const overHttp = (server: Pick<ServerProcess, 'url'>): TusTarget => ({
  request: (path, init) => fetch(server.url + path, init),
})

const tusHeaders = { 'Tus-Resumable': '1.0.0' }

/** tus' `Upload-Metadata` header: each field's name, a space, and its value in base64. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

export interface TusResult {
  /** the upload id (last path segment of its URL), when it was created */
  id?: string
  /** the response to the creation, or to the last chunk when the creation succeeded */
  status: number
  body: string
}

/** The tus creation request alone: an upload of `length` bytes named `filename` (none when undefined). */
export async function createUpload(
  app: TusTarget,
  cookie: string,
  length: number,
  filename: string | undefined,
): Promise<Response> {
  return app.request('/api/uploads', {
    method: 'POST',
    headers: {
      ...tusHeaders,
      Cookie: cookie,
      'Upload-Length': String(length),
      'Upload-Metadata': tusMetadata({
        ...(filename === undefined ? {} : { filename }),
        filetype: 'image/png',
      }),
    },
  })
}

/** Sends bytes of an upload from `offset`, as one PATCH. */
export async function sendChunk(
  app: TusTarget,
  cookie: string,
  id: string,
  offset: number,
  bytes: Buffer,
): Promise<Response> {
  return app.request(`/api/uploads/${id}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders,
      Cookie: cookie,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  })
}

/** Creates an upload and sends `data` in chunks of `chunkSize`, like the browser does. */
export async function tusUpload(
  app: TusTarget,
  cookie: string,
  data: Buffer,
  filename: string,
  options: { chunkSize?: number; declaredLength?: number } = {},
): Promise<TusResult> {
  const created = await createUpload(app, cookie, options.declaredLength ?? data.length, filename)
  if (created.status !== 201) return { status: created.status, body: await created.text() }
  const id = created.headers.get('location')!.split('/').pop()!
  const chunkSize = options.chunkSize ?? 262_144
  let last: Response | undefined
  for (let offset = 0; offset < data.length; offset += chunkSize) {
    last = await sendChunk(app, cookie, id, offset, data.subarray(offset, offset + chunkSize))
    if (last.status !== 204) break
  }
  return { id, status: last?.status ?? 204, body: (await last?.text()) ?? '' }
}

/** A real PNG of one colour, made by sharp: an upload of it is processed and becomes ready. */
export const testPng = (width = 640, height = 480, colour = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

/** Uploads `data` (a small PNG unless given) as the user behind `cookie`: the finished upload's id. */
export async function finishedUpload(
  app: TusTarget,
  cookie: string,
  data?: Buffer,
  name = 'photo.png',
): Promise<string> {
  const result = await tusUpload(app, cookie, data ?? (await testPng(64, 48)), name)
  if (result.status !== 204 || !result.id) {
    throw new Error(`The upload of ${name} failed: ${result.status} ${result.body}`)
  }
  return result.id
}

/** tus' HEAD: the upload's offset so far in `Upload-Offset`, or 404 to anyone but its owner. */
export function headUpload(app: TusTarget, cookie: string, id: string): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { ...tusHeaders, Cookie: cookie },
    }),
  )
}
