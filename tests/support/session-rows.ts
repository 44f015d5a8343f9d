// Signed-in users written straight to Better Auth's tables: a user and a session row each, and
// the session's cookie signed as Better Auth signs it (HMAC-SHA256 of the token, base64). Hundreds
// in a second, where signing each one up costs a password hash. Requests with these cookies go
// through the server's real session check.
import crypto from 'node:crypto'
import type { AppContext } from '../../src/server/app'
import { serverSecret } from '../../src/server/auth/auth'
import { newId } from '../../src/server/ids'
import { insertUsers } from './conversation-rows'

/** A user (verified address) and the `Cookie` header value of their session. */
export interface SessionUser {
  id: string
  cookie: string
}

/** Better Auth's default session length, which its session check extends after a day. */
const sessionDays = 7
const batchSize = 500

/** Better Auth's session row in full (schema.ts types only what our code reads). */
interface SessionRow {
  id: string
  token: string
  userId: string
  expiresAt: string
  createdAt: string
  updatedAt: string
}

/** `count` users named `${name} n`, each signed in. */
export async function insertSignedInUsers(
  context: Pick<AppContext, 'db' | 'config'>,
  count: number,
  name: string,
): Promise<SessionUser[]> {
  const ids = await insertUsers(context.db, count, name)
  const secret = serverSecret(context.config)
  const now = new Date()
  const expiresAt = new Date(now.getTime() + sessionDays * 24 * 3600_000).toISOString()
  const sessions: SessionRow[] = ids.map((userId) => ({
    id: newId(32),
    token: crypto.randomBytes(24).toString('base64url'),
    userId,
    expiresAt,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }))
  const kysely = context.db.kysely.withTables<{ session: SessionRow }>()
  for (let start = 0; start < sessions.length; start += batchSize) {
    await kysely
      .insertInto('session')
      .values(sessions.slice(start, start + batchSize))
      .execute()
  }
  // Better Auth puts `__Secure-` before the name on an HTTPS site.
  const prefix = context.config.publicUrl.startsWith('https:') ? '__Secure-' : ''
  return sessions.map(({ userId, token }) => {
    const signature = crypto.createHmac('sha256', secret).update(token).digest('base64')
    const value = encodeURIComponent(`${token}.${signature}`)
    return { id: userId, cookie: `${prefix}better-auth.session_token=${value}` }
  })
}
