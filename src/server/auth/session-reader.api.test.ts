// The API's own session read against Better Auth's real sessions, on every dialect we support: it
// takes what Better Auth signed, refuses what it did not, and leaves expired sessions and due
// refreshes to Better Auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpAndIn } from '../../../tests/support/sign-in'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'

const day = 24 * 60 * 60 * 1000

describe.each(dialects)('reading the session of an API request on %s', (dialect) => {
  let t: TestApp
  let secure: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect)
    secure = await createTestApp(dialect, { PUBLIC_URL: 'https://homes.example' })
  })
  afterAll(async () => {
    await t?.close()
    await secure?.close()
  })

  const unread = (app: TestApp, cookie: string) =>
    app.app.request('/api/conversations/unread', { headers: { Cookie: cookie } })
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
  const sessionRow = (app: TestApp, cookie: string) =>
    app.context.db.kysely
      .selectFrom('session')
      .select('expiresAt')
      .where('token', '=', tokenOf(cookie))
      .executeTakeFirst()
  const setExpiry = (app: TestApp, cookie: string, at: number) =>
    app.context.db.kysely
      .updateTable('session')
      .set({ expiresAt: dialect === 'postgres' ? new Date(at) : new Date(at).toISOString() })
      .where('token', '=', tokenOf(cookie))
      .execute()

  it('reads the user of a session Better Auth signed, on HTTP and under the HTTPS name', async () => {
    const user = await signUpAndIn(t.context, { name: 'Rae Reader' })
    expect(await t.context.auth.readSession(user.cookie)).toEqual({
      id: user.id,
      name: 'Rae Reader',
      email: user.email,
    })
    expect((await unread(t, user.cookie)).status).toBe(200)
    const secureUser = await signUpAndIn(secure.context, { name: 'Sal Secure' })
    expect(secureUser.cookie).toMatch(/^__Secure-better-auth\.session_token=/)
    expect(await secure.context.auth.readSession(secureUser.cookie)).toMatchObject({
      id: secureUser.id,
    })
    // The plain name is not the session cookie there.
    const plain = secureUser.cookie.replace(/^__Secure-/, '')
    expect(await secure.context.auth.readSession(plain)).toBeNull()
  })

  it('refuses a token with a signature it did not make, and a session signed out', async () => {
    const user = await signUpAndIn(t.context)
    const [name, value] = user.cookie.split('=') as [string, string]
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string]
    const otherSignature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    const forged = [
      `${name}=${encodeURIComponent(`${token}.${otherSignature}`)}`,
      `${name}=${encodeURIComponent(`${token}x.${signature}`)}`,
      `${name}=${token}`,
      `${name}=%E0%A4`,
      'other=1',
    ]
    for (const cookie of forged) {
      expect(await t.context.auth.readSession(cookie), cookie).toBeNull()
      expect((await unread(t, cookie)).status, cookie).toBe(401)
    }
    await t.context.db.kysely.deleteFrom('session').where('token', '=', token).execute()
    expect(await t.context.auth.readSession(user.cookie)).toBeNull()
    expect((await unread(t, user.cookie)).status).toBe(401)
  })

  it('leaves a session due for its refresh to Better Auth, which extends it', async () => {
    const user = await signUpAndIn(t.context)
    // Seven days long, extended once a day old: this one is a day and a minute old.
    const dueAt = Date.now() + 6 * day - 60_000
    await setExpiry(t, user.cookie, dueAt)
    expect(await t.context.auth.readSession(user.cookie)).toBeUndefined()
    expect((await unread(t, user.cookie)).status).toBe(200)
    const row = await sessionRow(t, user.cookie)
    expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(dueAt + day - 60_000)
    expect(await t.context.auth.readSession(user.cookie)).toMatchObject({ id: user.id })
  })

  it('leaves an expired session to Better Auth, which refuses and deletes it', async () => {
    const user = await signUpAndIn(t.context)
    await setExpiry(t, user.cookie, Date.now() - 1000)
    expect(await t.context.auth.readSession(user.cookie)).toBeUndefined()
    expect((await unread(t, user.cookie)).status).toBe(401)
    expect(await sessionRow(t, user.cookie)).toBeUndefined()
  })
})
