// What an /api/auth request carries, read as Better Auth reads it, and the requests it must not see.
import type { ErrorBody } from '../../shared/error-body.js'

/** The body types we read: Better Auth parses no other on the endpoints the app uses. */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded'] as const

export type AuthRequest =
  | { refused: false; fields: Record<string, unknown> | undefined }
  | { refused: true; status: 400 | 415; body: ErrorBody }

/**
 * The body's fields, or why the request must not reach Better Auth. Every check of ours (the
 * account limits, the callback URLs) reads these fields, so a body Better Auth would parse
 * differently from us is refused rather than passed on unchecked.
 */
export async function readAuthRequest(request: Request): Promise<AuthRequest> {
  const url = new URL(request.url)
  // PostgreSQL can neither store nor compare a NUL.
  if (safelyDecoded(url.pathname + url.search).includes('\0')) return badRequest(nulMessage)
  if (request.method !== 'POST') return { refused: false, fields: undefined }

  const text = await request.clone().text()
  if (text === '') return { refused: false, fields: undefined }
  // Better Auth accepts any type that contains an allowed one (`text/plain, application/json`)
  // and then parses by another rule: only the two plain types are passed on.
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  let body: unknown
  if (type === 'application/x-www-form-urlencoded') {
    // As Better Auth's `formData()`: UTF-8 whatever the charset, the last of a repeated name.
    body = Object.fromEntries(new URLSearchParams(text))
  } else if (type === 'application/json') {
    try {
      body = JSON.parse(text)
    } catch {
      // Better Auth responds to a malformed body itself, with a 400.
      return { refused: false, fields: undefined }
    }
  } else {
    return {
      refused: true,
      status: 415,
      body: { error: `The body must be ${bodyTypes.join(' or ')}` },
    }
  }
  if (holdsNul(body)) return badRequest(nulMessage)
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  const callbackError = fields && callbackErrorOf(fields)
  return callbackError ? badRequest(callbackError) : { refused: false, fields }
}

const nulMessage = 'The request holds a NUL character'

const badRequest = (error: string): AuthRequest => ({
  refused: true,
  status: 400,
  body: { error },
})

/** Callback URLs in a body, which Better Auth may copy as they are into a `Location` header. */
const callbackFields = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL']

function callbackErrorOf(fields: Record<string, unknown>): string | undefined {
  // A header holds only Latin-1; a URL on the wire is ASCII, the rest percent-encoded.
  const nonAscii = (value: unknown) => typeof value === 'string' && !/^[\x21-\x7e]*$/.test(value)
  return callbackFields.some((name) => nonAscii(fields[name]))
    ? 'Callback URLs must be ASCII, the rest percent-encoded'
    : undefined
}

/** Whether a string (or key) anywhere in a JSON value holds a NUL character. */
function holdsNul(json: unknown): boolean {
  // Without recursion: a 64 KiB body can nest deeper than the stack goes.
  const pending = [json]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string' && value.includes('\0')) return true
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return true
        pending.push(item)
      }
    }
  }
  return false
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
