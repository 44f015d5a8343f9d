// Sign-in attempts per account (decision 014): a guess spread over many addresses is slowed for the
// account, with a back-off that ends, and the results are the same whether the account exists.
import { CompiledQuery } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  testOrigin,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { createSignInThrottle, delayAfter, signInBackoff } from './sign-in-throttle'

// A fresh address for every request: the per-address limit (5 a minute) never results here, so
// whatever refuses is the account's limit.
let addressCount = 0
const newAddress = () => `198.18.${Math.floor(++addressCount / 250)}.${addressCount % 250}`

const fromAddress = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } },
})

function post(t: TestApp, path: string, body: unknown, address = newAddress()) {
  return t.app.request(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: testOrigin },
      body: JSON.stringify(body),
    },
    fromAddress(address),
  )
}

/** A body as a browser's form sends it, which Better Auth accepts on sign-in and sign-up too. */
function postForm(t: TestApp, path: string, fields: Record<string, string>) {
  return t.app.request(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: testOrigin },
      body: new URLSearchParams(fields).toString(),
    },
    fromAddress(newAddress()),
  )
}

interface SignInResult {
  status: number
  retryAfter: string | null
  body: unknown
}

async function resultOf(response: Response): Promise<SignInResult> {
  const body: unknown = await response.json()
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body }
}

const signIn = async (t: TestApp, email: string, password: string) =>
  resultOf(await post(t, '/api/auth/sign-in/email', { email, password }))

const signInWithForm = async (t: TestApp, email: string, password: string) =>
  resultOf(await postForm(t, '/api/auth/sign-in/email', { email, password }))

/** The results of `count` wrong passwords, one after another, each from a new address. */
async function guesses(t: TestApp, email: string, count: number): Promise<SignInResult[]> {
  const results: SignInResult[] = []
  for (let i = 0; i < count; i++) results.push(await signIn(t, email, `wrong guess ${i}`))
  return results
}

const { free } = signInBackoff
let emails = 0
const unknownEmail = () => `nobody-${++emails}@example.com`

describe.each(dialects)('sign-in attempts per account on %s', (dialect) => {
  let t: TestApp
  let now = Date.now()
  /** Moves the clock on: the waits are minutes long. */
  const later = (seconds: number) => {
    now += seconds * 1000
    vi.setSystemTime(now)
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(async () => {
    await t?.close()
  })
  const withClock = () => {
    now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
  }
  const newUser = () => createUser(t.context, { password: 'the right password' })
  const attemptRows = () =>
    t.context.db.kysely.selectFrom('sign_in_attempt').selectAll().orderBy('key').execute()

  it(`lets ${free} wrong passwords through from many addresses, then makes the account wait`, async () => {
    const user = await newUser()
    withClock()
    const results = await guesses(t, user.email, free)
    expect(results.map((result) => result.status)).toEqual(Array(free).fill(401))

    const refused = await signIn(t, user.email, 'yet another guess')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: expect.any(String) })
    expect(Number(refused.retryAfter)).toBe(delayAfter(free, signInBackoff) / 1000)
    // The password is not even checked during the wait: the right one is refused as well.
    expect((await signIn(t, user.email, user.password)).status).toBe(429)
    // Letters in another case name the same account.
    expect((await signIn(t, user.email.toUpperCase(), user.password)).status).toBe(429)
  })

  it('results an address without an account exactly as one with an account', async () => {
    const user = await newUser()
    const nobody = unknownEmail()
    withClock()
    const known = [...(await guesses(t, user.email, free + 1))]
    const unknown = [...(await guesses(t, nobody, free + 1))]
    expect(unknown).toEqual(known)
    expect(known.at(-1)!.status).toBe(429)
    later(Number(known.at(-1)!.retryAfter))
    expect(await signIn(t, nobody, 'one more')).toEqual(await signIn(t, user.email, 'one more'))
  })

  it('ends each wait, doubling it up to the longest, and never locks the owner out', async () => {
    const user = await newUser()
    withClock()
    await guesses(t, user.email, free)
    const waits: number[] = []
    for (let attempt = 0; attempt < 8; attempt++) {
      const refused = await signIn(t, user.email, 'a guess')
      expect(refused.status).toBe(429)
      const wait = Number(refused.retryAfter)
      waits.push(wait)
      // Refused attempts change nothing: the wait is the same a moment later.
      later(wait - 1)
      expect(Number((await signIn(t, user.email, 'a guess')).retryAfter)).toBe(1)
      later(1)
      expect((await signIn(t, user.email, 'a guess')).status).toBe(401)
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 300, 300, 300])
    // However long the guessing went on, the owner waits at most the longest wait.
    later(300)
    expect((await signIn(t, user.email, user.password)).status).toBe(200)
  })

  it('starts again from nothing after a success', async () => {
    const user = await newUser()
    withClock()
    await guesses(t, user.email, free)
    expect((await signIn(t, user.email, 'a guess')).status).toBe(429)
    later(15)
    expect((await signIn(t, user.email, user.password)).status).toBe(200)
    const after = await guesses(t, user.email, free)
    expect(after.map((result) => result.status)).toEqual(Array(free).fill(401))
  })

  it('forgets an account after an hour without attempts', async () => {
    const user = await newUser()
    withClock()
    await guesses(t, user.email, free)
    expect((await signIn(t, user.email, 'a guess')).status).toBe(429)
    later(60 * 60)
    const after = await guesses(t, user.email, free)
    expect(after.map((result) => result.status)).toEqual(Array(free).fill(401))
  })

  it('leaves other accounts alone', async () => {
    const victim = await newUser()
    const other = await newUser()
    withClock()
    expect((await guesses(t, victim.email, free + 1)).at(-1)!.status).toBe(429)
    expect((await signIn(t, other.email, other.password)).status).toBe(200)
  })

  it('lets only the free attempts through when a burst arrives at once', async () => {
    const user: TestUser = await newUser()
    const results = await Promise.all(
      Array.from({ length: free + 10 }, (_, i) => signIn(t, user.email, `parallel guess ${i}`)),
    )
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([...Array(free).fill(401), ...Array(10).fill(429)])
  })

  it('sends an account at most 3 reset mails in 15 minutes, whoever asks', async () => {
    const user = await newUser()
    const { mailer } = t.context
    const send = mailer.send.bind(mailer)
    const sending: Promise<unknown>[] = []
    const sendSpy = vi.spyOn(mailer, 'send').mockImplementation((mail) => {
      const sent = send(mail)
      sending.push(sent)
      return sent
    })
    const mailsTo = (email: string) =>
      sendSpy.mock.calls.filter(([mail]) => mail.to === email).length
    const ask = (email: string) =>
      post(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await ask(user.email)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await ask(user.email)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ error: expect.any(String) })
    // The same for an address without an account, and none for another account.
    const nobody = unknownEmail()
    for (let i = 0; i < 3; i++) expect((await ask(nobody)).status).toBe(200)
    expect((await ask(nobody)).status).toBe(429)
    const other = await newUser()
    expect((await ask(other.email)).status).toBe(200)
    // The mails go out after the results: three to the user, none refused, one to the other.
    await vi.waitFor(() => {
      expect(mailsTo(user.email)).toBe(3)
      expect(mailsTo(other.email)).toBe(1)
    })
    await Promise.allSettled(sending)
  })

  it('counts and refuses form-encoded attempts as JSON ones', async () => {
    const user = await newUser()
    withClock()
    expect((await guesses(t, user.email, free)).at(-1)!.status).toBe(401)
    // Locked by JSON guesses: form guesses from new addresses are refused, the right password too.
    const formGuess = await signInWithForm(t, user.email, 'a form guess')
    expect(formGuess.status).toBe(429)
    expect(formGuess.body).toEqual({ error: expect.any(String) })
    expect((await signInWithForm(t, user.email, user.password)).status).toBe(429)
    expect((await signInWithForm(t, user.email.toUpperCase(), user.password)).status).toBe(429)
    // And form guesses count as JSON ones do.
    const other = await newUser()
    for (let i = 0; i < free; i++) {
      expect((await signInWithForm(t, other.email, `form guess ${i}`)).status).toBe(401)
    }
    expect((await signIn(t, other.email, other.password)).status).toBe(429)
    later(15)
    expect((await signInWithForm(t, other.email, other.password)).status).toBe(200)
  })

  it('refuses with 415 any other body type, before it is counted or checked', async () => {
    const user = await newUser()
    const before = await attemptRows()
    const types = [
      'text/plain',
      'text/plain, application/json',
      'application/json, text/plain',
      'application/x-www-form-urlencoded, application/json',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      '',
    ]
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
      '/api/auth/send-verification-email',
    ]) {
      for (const type of types) {
        const response = await t.app.request(
          path,
          {
            method: 'POST',
            headers: { ...(type && { 'Content-Type': type }), Origin: testOrigin },
            body: JSON.stringify({ email: user.email, password: user.password, name: 'Pat' }),
          },
          fromAddress(newAddress()),
        )
        expect(response.status, `${path} as ${type}`).toBe(415)
        expect(await response.json()).toEqual({ error: expect.any(String) })
      }
    }
    expect(await attemptRows()).toEqual(before)
    expect((await signIn(t, user.email, user.password)).status).toBe(200)
  })

  it('results a form body with a callback URL that is not ASCII with a 400 JSON error', async () => {
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const response = await postForm(t, path, {
        email: unknownEmail(),
        password: 'a long enough password',
        name: 'Pat',
        callbackURL: '/caf\u00e9',
      })
      expect(response.status, path).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error: expect.any(String) })
    }
  })

  it('checks the address limit first: what it refuses does not count against the account', async () => {
    const user = await newUser()
    withClock()
    // One address guesses on and on: its own limit stops it after 5, and only those 5 count.
    const address = newAddress()
    const statuses: number[] = []
    for (let i = 0; i < free + 5; i++) {
      const guess = await post(
        t,
        '/api/auth/sign-in/email',
        { email: user.email, password: `g${i}` },
        address,
      )
      statuses.push(guess.status)
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(free).fill(429)])
    // The owner, from elsewhere, is not locked out.
    expect((await signIn(t, user.email, user.password)).status).toBe(200)
  })

  it('keeps no row for a string that is not an e-mail address', async () => {
    const before = await attemptRows()
    for (const junk of ['not an address', 'pat@', ' pat@example.com', 'x'.repeat(300)]) {
      const result = await signIn(t, junk, 'a password')
      expect(result.status, junk).toBe(400)
      expect(result.body).toMatchObject({ error: expect.any(String) })
      const form = await signInWithForm(t, junk, 'a password')
      expect(form.status, junk).toBe(400)
    }
    expect(await attemptRows()).toEqual(before)
  })

  it('reaches its rows by their key or the index, never a scan', async () => {
    const throttle = createSignInThrottle(t.context.db, { ...signInBackoff, free: 1 })
    const email = unknownEmail()
    const statements = await recordStatements(dialect, async () => {
      await throttle.claim(email)
      await throttle.claim(email)
      await throttle.succeeded(email)
    })
    const own = statements.filter((statement) => statement.sql.includes('sign_in_attempt'))
    // The upsert, the sweep, the refused claim's read, and the success's delete.
    expect(own.length).toBeGreaterThanOrEqual(4)
    for (const statement of own) {
      const plan = await queryPlan(t.context.db, () => ({
        compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
      }))
      expect(scansTable(plan, 'sign_in_attempt'), `${statement.sql}\n${plan.join('\n')}`).toBe(
        false,
      )
    }
  })
})
