// /api/auth/*: Better Auth's own endpoints, with the caller's address attached and errors in our shape.
import { isIP } from 'node:net'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { ErrorBody } from '../../shared/error-body.js'
import type { ClientAddress } from '../http/client-address.js'
import type { LimitRule, RequestLimits } from '../http/rate-limit.js'
import type { Auth } from './auth.js'
import { readAuthRequest } from './auth-request.js'
import { accountKey, type SignInThrottle } from './sign-in-throttle.js'
import { withClientIp } from './session.js'

/**
 * Per-address limits of the endpoints with a limit per account, checked first: a request refused
 * for its address must not count against (and so lock out) the account it names.
 */
export const addressLimits: Record<string, LimitRule> = {
  '/api/auth/sign-in/email': { name: 'sign-in-address', windowSeconds: 60, max: 5 },
  '/api/auth/request-password-reset': { name: 'reset-mail-address', windowSeconds: 60, max: 3 },
  '/api/auth/send-verification-email': {
    name: 'verification-mail-address',
    windowSeconds: 60,
    max: 3,
  },
}

/** Reset mails per account, whoever asks: someone cannot fill another's mailbox from many addresses. */
export const resetMailAccountLimit: LimitRule = {
  name: 'reset-mail-account',
  windowSeconds: 15 * 60,
  max: 3,
}

/** Verification mails asked for again, per account, for the same reason. */
export const verificationMailAccountLimit: LimitRule = {
  name: 'verification-mail-account',
  windowSeconds: 15 * 60,
  max: 3,
}

const accountMailLimits: Record<string, LimitRule> = {
  '/api/auth/request-password-reset': resetMailAccountLimit,
  '/api/auth/send-verification-email': verificationMailAccountLimit,
}

/** The response to an attempt refused by an account's limit, whether an account has the address or not. */
const tooManyForAccount: ErrorBody = {
  error: 'Too many attempts for this account: try again later',
}

const tooManyFromAddress: ErrorBody = { error: 'Too many requests: try again later' }

export function authRoutes(deps: {
  auth: Auth
  clientAddress: ClientAddress
  signInThrottle: SignInThrottle
  requestLimits: RequestLimits
  googleConfigured: boolean
}) {
  const { auth, clientAddress, signInThrottle, requestLimits } = deps
  const refused = (c: Context, body: ErrorBody, retryAfterSeconds: number) => {
    c.header('Retry-After', String(retryAfterSeconds))
    return c.json(body, 429)
  }
  return new Hono().on(['GET', 'POST'], '/*', async (c) => {
    const path = c.req.path
    // Only the endpoints the app uses: the rest (update-user, change-email, …) bypass our own
    // rules, and unknown paths would each add a row to the rate-limit table.
    if (!usedEndpoints.test(path)) {
      return c.json({ error: 'Not found' } satisfies ErrorBody, 404)
    }
    // Without a Google client there is no provider to start: say so, rather than let Better Auth
    // log an error for every click.
    if (!deps.googleConfigured && /^\/api\/auth\/(sign-in\/social|callback\/)/.test(path)) {
      return c.json({ error: 'Google sign-in is not configured' } satisfies ErrorBody, 404)
    }
    const request = await readAuthRequest(c.req.raw)
    if (request.refused) return c.json(request.body, request.status)
    const address = clientAddress(c)
    const addressLimit = c.req.method === 'POST' ? addressLimits[path] : undefined
    if (addressLimit) {
      const key = `${addressLimit.name}:${limitKeyOf(address ?? 'unknown')}`
      const consumed = await requestLimits.consume(key, addressLimit)
      if (!consumed.allowed) return refused(c, tooManyFromAddress, consumed.retryAfterSeconds)
    }
    // Better Auth refuses an address that is not an e-mail before anything else: such a string
    // names no account, and gets no row.
    const typed = request.fields?.email
    const email =
      typeof typed === 'string' && z.email().safeParse(typed).success ? typed : undefined
    const signingIn = email !== undefined && path === '/api/auth/sign-in/email'
    if (signingIn) {
      // Before the password is checked: a guess made during the wait cannot succeed.
      const claim = await signInThrottle.claim(email)
      if (!claim.allowed) return refused(c, tooManyForAccount, claim.retryAfterSeconds)
    }
    const accountLimit = accountMailLimits[path]
    if (email !== undefined && accountLimit) {
      const consumed = await requestLimits.consume(
        `${accountLimit.name}:${accountKey(email)}`,
        accountLimit,
      )
      if (!consumed.allowed) return refused(c, tooManyForAccount, consumed.retryAfterSeconds)
    }
    const response = await auth.handler(withClientIp(c, address))
    if (signingIn && response.ok) await signInThrottle.succeeded(email)
    return response.ok ? response : withErrorField(response)
  })
}

/**
 * The key of an address for the limits above: an IPv6 client is keyed on its /64, as Better Auth
 * keys its own limits, since one customer usually holds the whole /64.
 */
export function limitKeyOf(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.split('::')
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []
  const left = groupsOf(head)
  const right = groupsOf(tail ?? '')
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
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
      'send-verification-email',
      'verify-email',
      'sign-in/social',
      'callback/[^/]+',
      'oauth2/callback/[^/]+',
      // Not 'error': Better Auth's own page, in its words; failures go to /oauth-popup (auth.ts).
    ].join('|') +
    ')$',
)

/** Better Auth's error responses are `{ code, message }`; our API promises `{ error }` as well. */
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
