// One request of the soak through fetch: the whole body read, the response recorded under its kind.
// Writes carry our own Origin, as a browser on our pages sends it (the server rejects others).
import type { Recorder } from './recorder.js'

export interface SoakResponse {
  /** 0 when no response came */
  status: number
  headers: Headers
  body: Buffer
}

export interface RequestOptions {
  method?: string
  cookie?: string
  headers?: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer>
}

export type Send = (kind: string, path: string, options?: RequestOptions) => Promise<SoakResponse>

export function createSend(origin: string, recorder: Recorder): Send {
  return async (kind, path, options = {}) => {
    const method = options.method ?? 'GET'
    const headers: Record<string, string> = { ...options.headers }
    if (options.cookie) headers.Cookie = options.cookie
    if (method !== 'GET') headers.Origin = origin
    const started = performance.now()
    try {
      // An absolute path is a URL of its own: an image in the S3 store, not behind our origin.
      const response = await fetch(new URL(path, origin), { method, headers, body: options.body })
      const body = Buffer.from(await response.arrayBuffer())
      const detail = response.ok ? '' : `${method} ${path}: ${body.toString('utf8', 0, 200)}`
      recorder.record(kind, response.status, performance.now() - started, detail)
      return { status: response.status, headers: response.headers, body }
    } catch (error) {
      const reason =
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : error
      recorder.record(kind, 'network', performance.now() - started, `${method} ${path}: ${reason}`)
      return { status: 0, headers: new Headers(), body: Buffer.alloc(0) }
    }
  }
}

/** The response's body as JSON, when its status is 2xx. */
export function jsonOf<T>(response: SoakResponse): T | undefined {
  if (response.status < 200 || response.status >= 300 || response.body.length === 0)
    return undefined
  return JSON.parse(response.body.toString('utf8')) as T
}
