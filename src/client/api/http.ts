// The one place where the browser talks to our API: typed client, and errors turned into values.
import { hc, type ClientRequestOptions } from 'hono/client'
import type { App } from '../../server/app'
import type { ErrorBody } from '../../shared/error-body'

export const api = hc<App>('/')

/** A response of our API that was not 2xx, with the server's `{ error, fields }`. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** how long a 429 asked to wait, when it said */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/** Told of every 401 our API returns: the session has ended (see query-client.ts). */
export const unauthorized = new EventTarget()

/** Reads a JSON response, or throws ApiError with the server's message. */
export async function readJson<T>(
  request: Promise<{
    ok: boolean
    status: number
    headers: { get(name: string): string | null }
    json(): Promise<unknown>
  }>,
): Promise<T> {
  let response
  try {
    response = await request
  } catch {
    throw new ApiError(0, 'Network error')
  }
  const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined
  if (response.status === 401) unauthorized.dispatchEvent(new Event('unauthorized'))
  if (!response.ok) {
    // Better Auth's own limits say it in X-Retry-After.
    const retryAfter = Number(
      response.headers.get('retry-after') ?? response.headers.get('x-retry-after') ?? Number.NaN,
    )
    throw new ApiError(
      response.status,
      body?.error ?? 'Request failed',
      body?.fields,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    )
  }
  return body as T
}

/**
 * A JSON body for a route that checks its body itself, so the typed client knows no type for it.
 * Path parameters go through `encodeURIComponent` at each call: the typed client puts them in as
 * they are.
 */
export function jsonBody(body: unknown): ClientRequestOptions {
  return {
    headers: { 'Content-Type': 'application/json' },
    init: { body: JSON.stringify(body) },
  }
}
