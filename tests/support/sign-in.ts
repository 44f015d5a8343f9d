// The one way a test, the soak or a browser journey signs a user in without the sign-in form:
// through Better Auth's API in-process, which the per-address rate limits do not count.
import type { AppContext } from '../../src/server/app'

const sessionCookieName = /^(__Secure-)?better-auth\.session_token=/

/** The `Cookie` header value of the session a Better Auth response set (its `Set-Cookie` lines). */
export function sessionCookieFrom(headers: Headers): string {
  const line = headers.getSetCookie().find((cookie) => sessionCookieName.test(cookie))
  if (!line) throw new Error('The response set no session cookie')
  return line.split(';')[0]!
}

export interface Credentials {
  email: string
  password: string
}

/** Signs the user in: a fresh session, as its `Cookie` header value. */
export async function signIn(
  context: Pick<AppContext, 'auth'>,
  user: Credentials,
): Promise<string> {
  const { headers } = await context.auth.api.signInEmail({ body: user, returnHeaders: true })
  return sessionCookieFrom(headers)
}

export interface SignedInUser extends Credentials {
  id: string
  name: string
  /** the `Cookie` header value of the user's session */
  cookie: string
}

let signUps = 0

/** Signs a new user up, which signs them in too (one password hash): the user and its session. */
export async function signUpAndIn(
  context: Pick<AppContext, 'auth'>,
  fields: Partial<Omit<Credentials, 'id'>> & { name?: string } = {},
): Promise<SignedInUser> {
  signUps += 1
  const name = fields.name ?? `Test User ${signUps}`
  const email =
    fields.email ??
    `${name.toLowerCase().replace(/\W+/g, '-')}-${signUps}-${crypto.randomUUID().slice(0, 8)}@example.com`
  const password = fields.password ?? 'a long enough password'
  const { headers, response } = await context.auth.api.signUpEmail({
    body: { name, email, password },
    returnHeaders: true,
  })
  return {
    id: response.user.id,
    name: response.user.name,
    email,
    password,
    cookie: sessionCookieFrom(headers),
  }
}
