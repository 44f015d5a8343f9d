// Sends one fuzzed request in-process and checks its answer: never a 5xx, never a hang, one error shape.
import { expect } from 'vitest'
import type { App } from '../../../src/server/app'

export interface Answer {
  status: number
  headers: Headers
  text: string
}

/** No request may take longer than this; a fuzzed input that makes one wait is a bug too. */
const answerDeadlineMs = 15_000

/**
 * The app's answer to a request from `address` (the socket address the Node adapter would report,
 * which Better Auth's per-address rate limits read).
 */
export async function ask(
  app: App,
  path: string,
  init: RequestInit = {},
  address = '10.0.0.1',
): Promise<Answer> {
  const env = { incoming: { socket: { remoteAddress: address, remotePort: 50_000 } } }
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`${init.method ?? 'GET'} ${path} had no answer after ${answerDeadlineMs} ms`),
        ),
      answerDeadlineMs,
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

const describeAnswer = (answer: Answer) =>
  `${answer.status} ${answer.headers.get('content-type') ?? '(no type)'} ${answer.text.slice(0, 300)}`

/** The JSON body of a 2xx answer. */
export function successBody<T = Record<string, unknown>>(answer: Answer): T {
  expect(answer.status, describeAnswer(answer)).toBeGreaterThanOrEqual(200)
  expect(answer.status, describeAnswer(answer)).toBeLessThan(300)
  expect(answer.headers.get('content-type'), describeAnswer(answer)).toMatch(/^application\/json/)
  return JSON.parse(answer.text) as T
}

/**
 * A refusal: 4xx, JSON `{ error: string, fields?: {name: message} }` and nothing else. Better Auth's
 * own answers (/api/auth/*) also carry its `code` and `message`, which `extraKeys` allows.
 */
export function expectRefusal(answer: Answer, extraKeys: readonly string[] = []) {
  const seen = describeAnswer(answer)
  expect(answer.status, seen).toBeGreaterThanOrEqual(400)
  expect(answer.status, seen).toBeLessThan(500)
  expect(answer.headers.get('content-type'), seen).toMatch(/^application\/json/)
  const body = JSON.parse(answer.text) as Record<string, unknown>
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
