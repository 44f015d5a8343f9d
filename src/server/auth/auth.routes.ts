// /api/auth/*: Better Auth's own endpoints, with the caller's address attached and errors in our shape.
import { Hono, type Context } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import type { ClientAddress } from '../http/client-address.js'
import type { LimitRule, RequestLimits } from '../http/rate-limit.js'
import type { Auth } from './auth.js'
import { accountKey, type SignInThrottle } from './sign-in-throttle.js'
import { withClientIp } from './session.js'

/** Reset mails per account, whoever asks: someone cannot fill another's mailbox from many addresses. */
export const resetMailAccountLimit: LimitRule = {
  name: 'reset-mail-account',
  windowSeconds: 15 * 60,
  max: 3,
}

/** The answer to an attempt refused by an account's limit, whether an account has the address or not. */
const tooManyForAccount: ErrorBody = {
  error: 'Too many attempts for this account: try again later',
}

export function authRoutes(deps: {
  auth: Auth
  clientAddress: ClientAddress
  signInThrottle: SignInThrottle
  requestLimits: RequestLimits
  googleConfigured: boolean
}) {
  const { auth, clientAddress, signInThrottle, requestLimits } = deps
  const refused = (c: Context, retryAfterSeconds: number) => {
    c.header('Retry-After', String(retryAfterSeconds))
    return c.json(tooManyForAccount, 429)
  }
  return new Hono().on(['GET', 'POST'], '/*', async (c) => {
    // Only the endpoints the app uses: the rest (update-user, change-email, …) bypass our own
    // rules, and unknown paths would each add a row to the rate-limit table.
    if (!usedEndpoints.test(c.req.path)) {
      return c.json({ error: 'Not found' } satisfies ErrorBody, 404)
    }
    // Without a Google client there is no provider to start: say so, rather than let Better Auth
    // log an error for every click.
    if (!deps.googleConfigured && /^\/api\/auth\/(sign-in\/social|callback\/)/.test(c.req.path)) {
      return c.json({ error: 'Google sign-in is not configured' } satisfies ErrorBody, 404)
    }
    const refusal = await refusalOf(c.req.raw)
    if (refusal) return c.json({ error: refusal } satisfies ErrorBody, 400)
    const email = c.req.method === 'POST' ? await emailIn(c.req.raw) : undefined
    const signingIn = email !== undefined && c.req.path === '/api/auth/sign-in/email'
    if (signingIn) {
      // Before the password is checked: a guess made during the wait cannot succeed.
      const claim = await signInThrottle.claim(email)
      if (!claim.allowed) return refused(c, claim.retryAfterSeconds)
    }
    if (email !== undefined && c.req.path === '/api/auth/request-password-reset') {
      const key = `${resetMailAccountLimit.name}:${accountKey(email)}`
      const consumed = await requestLimits.consume(key, resetMailAccountLimit)
      if (!consumed.allowed) return refused(c, consumed.retryAfterSeconds)
    }
    const response = await auth.handler(withClientIp(c, clientAddress(c)))
    if (signingIn && response.ok) await signInThrottle.succeeded(email)
    return response.ok ? response : withErrorField(response)
  })
}

/** The `email` of a JSON body, if it has one. */
async function emailIn(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined)
  const email = (body as { email?: unknown } | null | undefined)?.email
  return typeof email === 'string' ? email : undefined
}

/** Callback URLs in a body, which Better Auth may copy as they are into a `Location` header. */
const callbackFields = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL']

/** Why a request must not reach Better Auth, which would fail on it with a 500; if it must not. */
async function refusalOf(request: Request): Promise<string | undefined> {
  const url = new URL(request.url)
  // PostgreSQL can neither store nor compare a NUL.
  const nul = 'The request holds a NUL character'
  if (safelyDecoded(url.pathname + url.search).includes('\0')) return nul
  let body: unknown
  try {
    body = await request.clone().json()
  } catch {
    return undefined
  }
  // A header holds only Latin-1; a URL on the wire is ASCII, the rest percent-encoded.
  const fields = (body ?? {}) as Record<string, unknown>
  const nonAscii = (value: unknown) => typeof value === 'string' && !/^[\x21-\x7e]*$/.test(value)
  if (callbackFields.some((name) => nonAscii(fields[name]))) {
    return 'Callback URLs must be ASCII, the rest percent-encoded'
  }
  return holdsNul(body) ? nul : undefined
}

/** Whether a string (or key) anywhere in a JSON value holds a NUL character. */
function holdsNul(json: unknown): boolean {
  // A walk without recursion: a 64 KiB body can nest deeper than the stack goes.
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

const usedEndpoints = new RegExp(
  '^/api/auth/(' +
    [
      'get-session',
      'sign-in/email',
      'sign-up/email',
      'sign-out',
      'request-password-reset',
      'reset-password',
      'reset-password/[^/]+',
      'sign-in/social',
      'callback/[^/]+',
      'oauth2/callback/[^/]+',
      // Not 'error': Better Auth's own page, in its words; failures go to /oauth-popup (auth.ts).
    ].join('|') +
    ')$',
)

/** Better Auth answers errors as `{ code, message }`; our API promises `{ error }` as well. */
async function withErrorField(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) {
    if (response.status < 400 || response.body) return response
    const headers = new Headers(response.headers)
    headers.set('content-type', 'application/json')
    return new Response(JSON.stringify({ error: response.statusText || 'Request failed' }), {
      status: response.status,
      headers,
    })
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null
  if (!body || typeof body !== 'object' || typeof body.error === 'string') return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const error = typeof body.message === 'string' ? body.message : 'Request failed'
  return new Response(JSON.stringify({ ...body, error }), { status: response.status, headers })
}
