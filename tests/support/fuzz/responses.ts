// Sends one fuzzed request in-process and checks its response: never a 5xx, never a hang, one error shape.
import { expect } from 'vitest'
import type { App } from '../../../src/server/app'

export interface TextResponse {
  status: number
  headers: Headers
  text: string
}

/** No request may take longer than this; a fuzzed input that makes one wait is a bug too. */
const responseDeadlineMs = 15_000

/**
 * The app's response to a request from `address` (the socket address the Node adapter would report,
 * which Better Auth's per-address rate limits read).
 */
export async function ask(
  app: App,
  path: string,
  init: RequestInit = {},
  address = '10.0.0.1',
): Promise<TextResponse> {
  const env = { incoming: { socket: { remoteAddress: address, remotePort: 50_000 } } }
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${init.method ?? 'GET'} ${path} had no response after ${responseDeadlineMs} ms`,
          ),
        ),
      responseDeadlineMs,
    )
  })
  try {
    return await Promise.race([
      (async () => {
        const response = await app.request(path, init, env)
        return { status: response.status, headers: response.headers, text: await response.text() }
      })(),
      deadline,
    ])
  } finally {
    clearTimeout(timer)
  }
}

const describeResponse = (response: TextResponse) =>
  `${response.status} ${response.headers.get('content-type') ?? '(no type)'} ${response.text.slice(0, 300)}`

/** The JSON body of a 2xx response. */
export function successBody<T = Record<string, unknown>>(response: TextResponse): T {
  expect(response.status, describeResponse(response)).toBeGreaterThanOrEqual(200)
  expect(response.status, describeResponse(response)).toBeLessThan(300)
  expect(response.headers.get('content-type'), describeResponse(response)).toMatch(
    /^application\/json/,
  )
  return JSON.parse(response.text) as T
}

/**
 * An error response: 4xx, JSON `{ error: string, fields?: {name: message} }` and nothing else. Better Auth's
 * own error responses (/api/auth/*) also carry its `code` and `message`, which `extraKeys` allows.
 */
export function expectErrorResponse(response: TextResponse, extraKeys: readonly string[] = []) {
  const seen = describeResponse(response)
  expect(response.status, seen).toBeGreaterThanOrEqual(400)
  expect(response.status, seen).toBeLessThan(500)
  expect(response.headers.get('content-type'), seen).toMatch(/^application\/json/)
  const body = JSON.parse(response.text) as Record<string, unknown>
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), seen).toBe(true)
  expect(typeof body.error === 'string' && body.error.length > 0, seen).toBe(true)
  if (body.fields !== undefined) {
    expect(typeof body.fields === 'object' && body.fields !== null, seen).toBe(true)
    for (const message of Object.values(body.fields as object)) {
      expect(typeof message, seen).toBe('string')
    }
  }
  for (const key of Object.keys(body)) {
    expect(['error', 'fields', ...extraKeys], seen).toContain(key)
  }
  return body as { error: string; fields?: Record<string, string> }
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()

/** No request may have added anything to Object.prototype (`{"__proto__": {"polluted": …}}`). */
export function expectNoPrototypePollution() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}
