// Accounts through the real Better Auth endpoints, on a real database.
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionCookieFrom } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  requestJson,
  type TestApp,
  testOrigin,
} from '../../../tests/support/test-app'
import { hashStoredResetTokens } from './reset-tokens'

// Each test calls from its own address, as the Node adapter would report it, so that the
// per-address rate limits of one test do not spill into the next.
let addressCount = 0
let address = ''
const newAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${addressCount % 250}`
beforeEach(() => {
  address = newAddress()
})
const fromAddress = () => ({
  incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } },
})

function post(t: TestApp, url: string, body: unknown, cookie?: string) {
  return t.app.request(
    url,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: testOrigin,
        ...(cookie && { Cookie: cookie }),
      },
      body: JSON.stringify(body),
    },
    fromAddress(),
  )
}

async function sessionOf(t: TestApp, cookie: string) {
  const { body } = await requestJson<{ user: { id: string; name: string } } | null>(
    t.app,
    '/api/auth/get-session',
    { headers: { Cookie: cookie } },
  )
  return body
}

let counter = 0
async function signUp(t: TestApp, password = 'first-password') {
  const email = `person${++counter}@example.com`
  const response = await post(t, '/api/auth/sign-up/email', { name: 'Pat Doe', email, password })
  expect(response.status).toBe(200)
  return { email, password, cookie: sessionCookieFrom(response.headers) }
}

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('signs up with a hashed password, in an httpOnly SameSite cookie', async () => {
    const response = await post(t, '/api/auth/sign-up/email', {
      name: 'Hash Check',
      email: 'hash@example.com',
      password: 'plain-text-secret',
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const accounts = await t.context.db.kysely
      .selectFrom('account' as never)
      .selectAll()
      .execute()
    const stored = JSON.stringify(accounts)
    expect(stored).not.toContain('plain-text-secret')
    expect(stored).toMatch(/"password":"[0-9a-f]+:[0-9a-f]+"/)
  })

  it('keeps names to 1–64 characters however they arrive', async () => {
    const long = await post(t, '/api/auth/sign-up/email', {
      name: `  ${'n'.repeat(100)}  `,
      email: 'long-name@example.com',
      password: 'long-name-password',
    })
    expect(long.status).toBe(200)
    expect((await sessionOf(t, sessionCookieFrom(long.headers)))?.user.name).toBe('n'.repeat(64))
    const blank = await post(t, '/api/auth/sign-up/email', {
      name: '   ',
      email: 'blank.name@example.com',
      password: 'blank-name-password',
    })
    expect((await sessionOf(t, sessionCookieFrom(blank.headers)))?.user.name).toBe('blank.name')
    // Better Auth's own profile endpoint is not offered: PATCH /api/users/me is the way.
    const update = await post(
      t,
      '/api/auth/update-user',
      { name: 'x'.repeat(1000) },
      sessionCookieFrom(long.headers),
    )
    expect(update.status).toBe(404)
  })

  it('removes direction controls from a sign-up name, which could show it as another', async () => {
    const response = await post(t, '/api/auth/sign-up/email', {
      name: 'Pat \u202eeoD\u202c',
      email: 'bidi-name@example.com',
      password: 'bidi-name-password',
    })
    expect(response.status).toBe(200)
    expect((await sessionOf(t, sessionCookieFrom(response.headers)))?.user.name).toBe('Pat eoD')
  })

  it('responds to a sign-up with a known address as slowly as one with a new address', async () => {
    const known = await signUp(t)
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!
    async function timedSignUp(email: string, expectedStatus: number): Promise<number> {
      // Each from an address of its own: sign-up allows 5 a minute per address.
      address = newAddress()
      const start = performance.now()
      const response = await post(t, '/api/auth/sign-up/email', {
        name: 'Timing Person',
        email,
        password: 'timing-password',
      })
      const elapsed = performance.now() - start
      expect(response.status).toBe(expectedStatus)
      return elapsed
    }
    const knownTimes: number[] = []
    const newTimes: number[] = []
    // Taken in turns, so that a slow moment of the machine falls on both sides alike.
    for (let i = 0; i < 7; i++) {
      knownTimes.push(await timedSignUp(known.email, 422))
      newTimes.push(await timedSignUp(`timing-${i}-${++counter}@example.com`, 200))
    }
    // The password hash is most of a new account's time: a known address must pay it too.
    expect(median(knownTimes)).toBeGreaterThan(median(newTimes) * 0.5)
    expect(median(knownTimes)).toBeLessThan(median(newTimes) * 2)
  })

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    for (const password of ['short', 'x'.repeat(129)]) {
      const response = await post(t, '/api/auth/sign-up/email', {
        name: 'Too Short',
        email: `length${password.length}@example.com`,
        password,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: expect.any(String) })
    }
  })

  it('responds to every session check from one address, however many: page loads are not guesses', async () => {
    const { cookie } = await signUp(t)
    const statuses = new Set<number>()
    for (let check = 0; check < 120; check++) {
      const response = await t.app.request(
        '/api/auth/get-session',
        { headers: { Cookie: cookie } },
        fromAddress(),
      )
      statuses.add(response.status)
    }
    expect([...statuses]).toEqual([200])
  })

  it('gives a new session token on every sign-in and revokes it on sign-out', async () => {
    const user = await signUp(t)
    const signedIn = await post(t, '/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    })
    const first = sessionCookieFrom(signedIn.headers)
    expect(first).not.toBe(user.cookie)
    expect((await sessionOf(t, first))?.user.name).toBe('Pat Doe')

    const out = await post(t, '/api/auth/sign-out', {}, first)
    expect(out.status).toBe(200)
    expect(await sessionOf(t, first)).toBeNull()
    // The other session of the same user is untouched.
    expect(await sessionOf(t, user.cookie)).not.toBeNull()
  })

  it('responds to Google sign-in with a 404 JSON when no Google client is configured', async () => {
    const response = await post(t, '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Google sign-in is not configured' })
  })

  it('responds to a wrong password with 401 and our error shape', async () => {
    const user = await signUp(t)
    const response = await post(t, '/api/auth/sign-in/email', {
      email: user.email,
      password: 'wrong-password',
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: expect.any(String) })
  })

  describe('PATCH /api/users/me', () => {
    const patch = (body: unknown, cookie?: string) =>
      t.app.request('/api/users/me', {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          Origin: testOrigin,
          ...(cookie && { Cookie: cookie }),
        },
        body: JSON.stringify(body),
      })

    it('responds 401 JSON without a session, before looking at the body', async () => {
      const response = await patch({ name: '' })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ error: expect.any(String) })
    })

    it.each([
      ['an empty name', { name: '' }],
      ['only spaces', { name: '    ' }],
      ['65 characters', { name: 'n'.repeat(65) }],
      ['a number', { name: 42 }],
      ['no name', {}],
    ])('rejects %s with 400 and the field', async (_, body) => {
      const user = await signUp(t)
      const response = await patch(body, user.cookie)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: expect.any(String),
        fields: { name: expect.any(String) },
      })
    })

    it('saves the trimmed name and returns { id, name, email, showEmail, statsMail }', async () => {
      const user = await signUp(t)
      const response = await patch({ name: '  Renamed Person  ' }, user.cookie)
      expect(response.status).toBe(200)
      const body = (await response.json()) as { id: string }
      expect(body).toEqual({
        id: expect.any(String),
        name: 'Renamed Person',
        email: user.email,
        showEmail: true,
        statsMail: true,
      })
      expect((await sessionOf(t, user.cookie))?.user.name).toBe('Renamed Person')
      // Its public profile has the new name, and no e-mail while the user has no listing.
      const { body: landlord } = await requestJson(t.app, `/api/users/${body.id}`)
      expect(landlord).toEqual({ id: body.id, name: 'Renamed Person' })
    })
  })

  describe('password reset', () => {
    /** The links of the `count` reset mails sent to `email`, oldest first. */
    async function resetLinks(email: string, count: number): Promise<string[]> {
      const outbox = path.join(t.dataDir, 'outbox')
      // The mail is sent in the background, so that known and unknown addresses get alike responses.
      return vi.waitFor(
        async () => {
          const files = (await fs.readdir(outbox).catch(() => []))
            .filter((file) => file.includes(email))
            .sort()
          const mails = await Promise.all(
            files.map(async (file) =>
              (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, ''),
            ),
          )
          // Sign-up mailed the address a verification link as well.
          const links = mails.flatMap((mail) => {
            const link =
              /(http:\/\/localhost:3000\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=[^\s"]+)/.exec(
                mail,
              )
            return link ? [link[1]!.replace(/=3D/g, '=')] : []
          })
          expect(links).toHaveLength(count)
          return links
        },
        { timeout: 5000, interval: 50 },
      )
    }

    const resetLink = async (email: string) => (await resetLinks(email, 1))[0]!

    const userIdOf = async (cookie: string) => (await sessionOf(t, cookie))!.user.id

    /** The token a reset link carries in its path. */
    const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!

    const requestReset = (email: string) =>
      post(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })

    const resetWith = (token: string, newPassword: string) =>
      post(t, '/api/auth/reset-password', { token, newPassword })

    /** Whether opening the link lands on the reset page with a token (rather than an error). */
    async function linkWorks(link: string): Promise<boolean> {
      const opened = await t.app.request(link.replace('http://localhost:3000', ''))
      const target = new URL(opened.headers.get('location')!, 'http://localhost:3000')
      return target.searchParams.has('token') && !target.searchParams.has('error')
    }

    const verificationRows = () =>
      t.context.db.kysely
        .selectFrom('verification' as never)
        .selectAll()
        .execute() as Promise<Record<string, unknown>[]>

    /**
     * A reset row for `userId` as an earlier version stored it: its token in plain. Its other
     * fields are copied from a row Better Auth wrote, so each database keeps its own date format.
     */
    async function insertPlainResetRow(userId: string, token: string) {
      const model = (await verificationRows()).find((row) => row.value === userId)
      expect(model, "a reset row of the user's to copy").toBeDefined()
      await t.context.db.kysely
        .insertInto('verification' as never)
        .values({
          ...model,
          id: `plain-${++counter}`,
          identifier: `reset-password:${token}`,
        } as never)
        .execute()
    }

    it('responds to an unknown address exactly as to a known one', async () => {
      const user = await signUp(t)
      const known = await post(t, '/api/auth/request-password-reset', {
        email: user.email,
        redirectTo: '/reset-password',
      })
      const unknown = await post(t, '/api/auth/request-password-reset', {
        email: 'nobody-here@example.com',
        redirectTo: '/reset-password',
      })
      expect(unknown.status).toBe(known.status)
      expect(await unknown.json()).toEqual(await known.json())
    })

    it('mails an absolute link that works once, changes the password and ends other sessions', async () => {
      const user = await signUp(t)
      const request = await post(t, '/api/auth/request-password-reset', {
        email: user.email,
        redirectTo: '/reset-password',
      })
      expect(request.status).toBe(200)
      const link = await resetLink(user.email)
      expect(link.startsWith('http://localhost:3000/')).toBe(true)

      // The link checks the token and sends the browser to our reset page with it.
      const opened = await t.app.request(link.replace('http://localhost:3000', ''))
      expect(opened.status).toBe(302)
      const target = new URL(opened.headers.get('location')!, 'http://localhost:3000')
      expect(target.pathname).toBe('/reset-password')
      const token = target.searchParams.get('token')!
      expect(token).toBeTruthy()

      const reset = await post(t, '/api/auth/reset-password', {
        token,
        newPassword: 'second-password',
      })
      expect(reset.status).toBe(200)
      const again = await post(t, '/api/auth/reset-password', {
        token,
        newPassword: 'third-password',
      })
      expect(again.status).toBe(400)

      expect(await sessionOf(t, user.cookie)).toBeNull()
      const oldPassword = await post(t, '/api/auth/sign-in/email', {
        email: user.email,
        password: user.password,
      })
      expect(oldPassword.status).toBe(401)
      const newPassword = await post(t, '/api/auth/sign-in/email', {
        email: user.email,
        password: 'second-password',
      })
      expect(newPassword.status).toBe(200)
    })

    it('stores a reset token only as its hash', async () => {
      const user = await signUp(t)
      expect((await requestReset(user.email)).status).toBe(200)
      const token = tokenOf(await resetLink(user.email))
      const rows = await verificationRows()
      expect(rows.length).toBeGreaterThan(0)
      expect(JSON.stringify(rows)).not.toContain(token)
    })

    it('ends the links mailed before when a new one is asked for', async () => {
      const user = await signUp(t)
      await requestReset(user.email)
      const first = await resetLink(user.email)
      await requestReset(user.email)
      const second = (await resetLinks(user.email, 2)).find((link) => link !== first)!

      expect(await linkWorks(first)).toBe(false)
      expect((await resetWith(tokenOf(first), 'second-password')).status).toBe(400)
      expect(await linkWorks(second)).toBe(true)
      expect((await resetWith(tokenOf(second), 'second-password')).status).toBe(200)
    })

    it("ends every other link of the user's when one is used", async () => {
      const user = await signUp(t)
      await requestReset(user.email)
      const link = await resetLink(user.email)
      // Another link still open: one made by an earlier version, or by a request at the same instant.
      await insertPlainResetRow(await userIdOf(user.cookie), 'OlderLinkStillOpen0000000')

      expect((await resetWith(tokenOf(link), 'second-password')).status).toBe(200)
      expect((await resetWith('OlderLinkStillOpen0000000', 'third-password')).status).toBe(400)
      const signIn = await post(t, '/api/auth/sign-in/email', {
        email: user.email,
        password: 'second-password',
      })
      expect(signIn.status).toBe(200)
    })

    it('hashes the plain tokens an earlier version stored, and their links still work once', async () => {
      const user = await signUp(t)
      await requestReset(user.email)
      await resetLink(user.email)
      await insertPlainResetRow(await userIdOf(user.cookie), 'StoredInPlainBefore000000')

      await hashStoredResetTokens(t.context.db.kysely)
      expect(JSON.stringify(await verificationRows())).not.toContain('StoredInPlainBefore000000')
      expect((await resetWith('StoredInPlainBefore000000', 'second-password')).status).toBe(200)
      expect((await resetWith('StoredInPlainBefore000000', 'third-password')).status).toBe(400)
    })
  })
})

describe.each(dialects)('sign-in rate limit on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.close()
  })

  it('responds 429 after 5 attempts a minute, and lets the user in again a minute later', async () => {
    const user = await signUp(t)
    const otherAddress = () => ({
      incoming: { socket: { remoteAddress: '192.0.2.7', remotePort: 1, remoteFamily: 'IPv4' } },
    })
    const attempt = (password: string) =>
      post(t, '/api/auth/sign-in/email', { email: user.email, password })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt('guessing-' + i)).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
    const limited = await attempt(user.password)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ error: expect.any(String) })
    // The limit is per address: someone else signs in meanwhile.
    const elsewhere = await t.app.request(
      '/api/auth/sign-in/email',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: testOrigin },
        body: JSON.stringify({ email: user.email, password: user.password }),
      },
      otherAddress(),
    )
    expect(elsewhere.status).toBe(200)

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 })
    expect((await attempt(user.password)).status).toBe(200)
  })
})
