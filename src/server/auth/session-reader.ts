// The signed-in user of an API request, read in one statement. Better Auth's getSession reads the
// same row, but through its whole endpoint pipeline, which cost 0.5 to 1 ms of CPU a request
// (docs/performance.md, "Messaging"), more than the conversation reads it guards. This checks the
// cookie's signature as Better Auth signs it (HMAC-SHA256, base64) and reads the session and its
// user; a session that has expired or is due for Better Auth's refresh goes to Better Auth.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { PublicUser } from '../../shared/profile.js'
import { prepared } from '../db/prepared-statements.js'
import type { Database } from '../db/schema.js'

export interface SessionSettings {
  /** the session cookie's name (with its `__Secure-` prefix on HTTPS) */
  cookieName: string
  /** seconds a session lasts, and after how many of them Better Auth extends it */
  expiresIn: number
  updateAge: number
}

/**
 * The user, null when the request carries no valid session, or undefined when Better Auth must
 * decide (an expired session to delete, one to extend).
 */
export type SessionRead = PublicUser | null | undefined

export function createSessionReader(deps: {
  kysely: Kysely<Database>
  secret: string
  settings: () => Promise<SessionSettings>
}) {
  const { kysely, secret } = deps

  /** The session token of a signed cookie value `token.signature`, if we signed it. */
  function verifiedToken(value: string): string | undefined {
    const dot = value.lastIndexOf('.')
    if (dot < 1) return undefined
    const token = value.slice(0, dot)
    const given = Buffer.from(value.slice(dot + 1))
    const expected = Buffer.from(crypto.createHmac('sha256', secret).update(token).digest('base64'))
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
      ? token
      : undefined
  }

  return async function readSession(cookieHeader: string | null, now = Date.now()) {
    if (!cookieHeader) return null
    const settings = await deps.settings()
    const value = cookieValue(cookieHeader, settings.cookieName)
    const token = value === undefined ? undefined : verifiedToken(value)
    if (token === undefined) return null
    const row = await kysely
      .selectFrom('session')
      .modifyFront(prepared)
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id', 'user.name', 'user.email', 'session.expiresAt'])
      .where('session.token', '=', token)
      .executeTakeFirst()
    if (!row) return null
    const expiresAt = new Date(row.expiresAt).getTime()
    const extendFrom = expiresAt - (settings.expiresIn - settings.updateAge) * 1000
    if (!(expiresAt > now) || extendFrom <= now) return undefined
    return { id: row.id, name: row.name, email: row.email } satisfies SessionRead
  }
}

/** The value of cookie `name` in a Cookie header, percent-decoded; the first one if repeated. */
function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}
