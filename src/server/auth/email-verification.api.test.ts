// E-mail verification (Better Auth's): sign-up mails a link through a real SMTP server, the link
// verifies the address and lands on Profile, Profile can ask for it again (limited), and nothing
// else marks an address verified, except the seed's demo accounts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sessionCookieFrom } from '../../../tests/support/sign-in'
import { SmtpCatcher, type CaughtMail } from '../../../tests/support/smtp-catcher'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { demoAccount, seedDemo } from '../seed/seed'
import { verificationMailAccountLimit } from './auth.routes'
import { verifiedLanding } from './verification-mail'

let addressCount = 0
const newAddress = () => `203.0.${Math.floor(++addressCount / 250)}.${addressCount % 250}`

const subject = 'Verify your House Marketplace e-mail address'

describe.each(dialects)('e-mail verification on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let count = 0

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, { SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })

  const post = (path: string, body: unknown, cookie?: string, address = newAddress()) =>
    t.app.request(
      path,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: testOrigin,
          ...(cookie && { Cookie: cookie }),
        },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } } },
    )

  async function signUp() {
    const email = `verify-${++count}-${dialect}@example.com`
    const response = await post('/api/auth/sign-up/email', {
      name: 'Val Doe',
      email,
      password: 'a long enough password',
    })
    expect(response.status).toBe(200)
    return {
      email,
      password: 'a long enough password',
      cookie: sessionCookieFrom(response.headers),
    }
  }

  const sessionUser = async (cookie: string) =>
    (
      await requestJson<{ user: { email: string; emailVerified: boolean } }>(
        t.app,
        '/api/auth/get-session',
        { headers: { Cookie: cookie } },
      )
    ).body.user

  const storedVerified = async (email: string) => {
    const row = await t.context.db.kysely
      .selectFrom('user')
      .select('emailVerified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return Boolean(row.emailVerified)
  }

  /** The verification mails sent to `email`, once there are `expected` of them. */
  const verificationMails = (email: string, expected: number) =>
    vi.waitFor(
      () => {
        const mails = smtp.to(email).filter((mail) => mail.subject === subject)
        expect(mails).toHaveLength(expected)
        return mails
      },
      { timeout: 10_000, interval: 50 },
    )

  /** The one link of a mail, the same in its plain-text and HTML parts. */
  function linkOf(mail: CaughtMail): string {
    const link = /href="([^"]+)"/.exec(mail.html)?.[1]?.replace(/&(amp|#38);/g, '&')
    expect(link).toBeDefined()
    expect(mail.text).toContain(link)
    return link!
  }

  it('mails a link on sign-up that verifies the address and lands on Profile', async () => {
    const user = await signUp()
    // Signed in and working at once, unverified.
    expect(await sessionUser(user.cookie)).toMatchObject({
      email: user.email,
      emailVerified: false,
    })
    const [mail] = await verificationMails(user.email, 1)
    const link = linkOf(mail!)
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)

    // Opened in a browser that is not signed in (another device): it verifies all the same.
    const opened = await t.app.request(link.replace(testOrigin, ''))
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe(verifiedLanding)
    expect(await storedVerified(user.email)).toBe(true)
    expect(await sessionUser(user.cookie)).toMatchObject({ emailVerified: true })
    // A second click lands on Profile again, without an error.
    const again = await t.app.request(link.replace(testOrigin, ''))
    expect(again.headers.get('location')).toBe(verifiedLanding)
  })

  it('lands a link that is not valid on Profile with an error, verifying nothing', async () => {
    const user = await signUp()
    const [mail] = await verificationMails(user.email, 1)
    const link = new URL(linkOf(mail!))
    link.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -2)}xx`)
    const opened = await t.app.request(link.pathname + link.search)
    expect(opened.status).toBe(302)
    const target = new URL(opened.headers.get('location')!, testOrigin)
    expect(target.pathname).toBe('/profile')
    expect(target.searchParams.get('error')).toBe('INVALID_TOKEN')
    expect(await storedVerified(user.email)).toBe(false)
  })

  it(`sends the link again on request, at most ${verificationMailAccountLimit.max} times in 15 minutes per account`, async () => {
    const user = await signUp()
    await verificationMails(user.email, 1)
    const resend = () =>
      post('/api/auth/send-verification-email', { email: user.email }, user.cookie)
    for (let i = 0; i < verificationMailAccountLimit.max; i++) {
      expect((await resend()).status).toBe(200)
    }
    const limited = await resend()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(await limited.json()).toEqual({ error: expect.any(String) })
    const mails = await verificationMails(user.email, 1 + verificationMailAccountLimit.max)
    // Each link works; the newest verifies.
    const opened = await t.app.request(linkOf(mails.at(-1)!).replace(testOrigin, ''))
    expect(opened.headers.get('location')).toBe(verifiedLanding)
    expect(await storedVerified(user.email)).toBe(true)
  })

  it('limits how often one address asks, whichever accounts it names', async () => {
    const address = newAddress()
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const user = await signUp()
      const response = await post(
        '/api/auth/send-verification-email',
        { email: user.email },
        user.cookie,
        address,
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('refuses to mail a link to an address already verified', async () => {
    const user = await signUp()
    const [mail] = await verificationMails(user.email, 1)
    await t.app.request(linkOf(mail!).replace(testOrigin, ''))
    const response = await post(
      '/api/auth/send-verification-email',
      { email: user.email },
      user.cookie,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: expect.any(String) })
  })

  it('leaves existing accounts unverified: signing in and a password reset verify nothing', async () => {
    // Made as an account of an earlier version was: without a verification mail.
    const user = await createUser(t.context, { password: 'an older password' })
    expect(await storedVerified(user.email)).toBe(false)
    const signedIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    })
    expect(signedIn.status).toBe(200)
    const cookie = sessionCookieFrom(signedIn.headers)
    expect(await sessionUser(cookie)).toMatchObject({ emailVerified: false })

    await post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    })
    const reset = await vi.waitFor(
      () => {
        const [mail] = smtp.to(user.email)
        expect(mail?.subject).toBe('Reset your House Marketplace password')
        return mail!
      },
      { timeout: 10_000, interval: 50 },
    )
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(reset.text)![1]!
    const changed = await post('/api/auth/reset-password', {
      token,
      newPassword: 'a newer password',
    })
    expect(changed.status).toBe(200)
    expect(await storedVerified(user.email)).toBe(false)
    // The reset mail was the only one: the account was never mailed a verification link.
    expect(smtp.to(user.email)).toHaveLength(1)
  })

  it('verifies the demo accounts the seed makes, and mails them nothing', async () => {
    // The demo account as an earlier version's seed left it: unverified.
    await createUser(t.context, { ...demoAccount, name: 'Demo Landlord' })
    expect(await storedVerified(demoAccount.email)).toBe(false)
    await seedDemo(t.context, { users: 2, listings: 0 })
    expect(await storedVerified(demoAccount.email)).toBe(true)
    expect(await storedVerified('user2@example.com')).toBe(true)
    // A sign-up after the seed is mailed: by the time its mail is in, any of the seed's would be.
    await verificationMails((await signUp()).email, 1)
    expect(smtp.to(demoAccount.email)).toEqual([])
    expect(smtp.to('user2@example.com')).toEqual([])
  })
})
