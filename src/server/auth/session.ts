// The signed-in user of a request, for our own routes (Better Auth handles /api/auth/* itself).
import type { Context, MiddlewareHandler } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import type { PublicUser } from '../../shared/profile.js'
import { clientIpHeader, type Auth } from './auth.js'

export type SignedInEnv = { Variables: { user: PublicUser } }

/** The signed-in user of the request, or null: for routes that anyone may call. */
export async function readUser(auth: Auth, c: Context): Promise<PublicUser | null> {
  const user = await auth.readSession(c.req.header('Cookie') ?? null)
  if (user !== undefined) return user
  const session = await auth.api.getSession({ headers: c.req.raw.headers })
  return session && { id: session.user.id, name: session.user.name, email: session.user.email }
}

/** The signed-in user's id of a Cookie header, read after the request (listing views). */
export async function userIdOfCookie(auth: Auth, cookie: string): Promise<string | undefined> {
  const user = await auth.readSession(cookie)
  if (user !== undefined) return user?.id
  const session = await auth.api.getSession({ headers: new Headers({ cookie }) })
  return session?.user.id
}

/** Responds 401 JSON without a valid session; otherwise puts the user on the context. */
export function requireUser(auth: Auth): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const user = await readUser(auth, c)
    if (!user) return c.json({ error: 'Sign in first' } satisfies ErrorBody, 401)
    c.set('user', user)
    await next()
  }
}

/**
 * The request with our own client-address header: Better Auth keys its rate limits and a session's
 * `ipAddress` on it, and a client must not be able to choose its own bucket by sending the header.
 */
export function withClientIp(c: Context, address: string | undefined): Request {
  const headers = new Headers(c.req.raw.headers)
  headers.set(clientIpHeader, address ?? 'unknown')
  return new Request(c.req.raw, { headers })
}
