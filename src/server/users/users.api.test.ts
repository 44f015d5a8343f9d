// GET /api/users/:id and GET and PATCH /api/users/me against a real database, on every dialect we
// support.
import path from 'node:path'
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, openAppContext, type App } from '../app'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  sendJson,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'

interface ErrorResponse {
  error: string
  fields?: Record<string, string>
}

describe.each(dialects)('users API on %s', (dialect) => {
  let t: TestApp
  let landlord: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlord = await createUser(t.context, {
      name: 'Chloé Dubois',
      email: 'chloe.dubois@example.com',
      password: 'a long enough password',
    })
    other = await createUser(t.context, { name: 'Daniel Okafor' })
    await insertListing(t.context, { userRef: landlord.id })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('responds with exactly { id, name, email } of the landlord', async () => {
    const { status, contentType, body } = await requestJson(t.app, `/api/users/${landlord.id}`)
    expect(status).toBe(200)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toStrictEqual({
      id: landlord.id,
      name: 'Chloé Dubois',
      email: 'chloe.dubois@example.com',
    })
  })

  it('gives { id, name } without the e-mail of a user who has no listing', async () => {
    const { status, body } = await requestJson(t.app, `/api/users/${other.id}`)
    expect(status).toBe(200)
    expect(body).toStrictEqual({ id: other.id, name: other.name })
  })

  it('gives the e-mail of a user whose only listing is sold', async () => {
    const seller = await createUser(t.context)
    await insertListing(t.context, { userRef: seller.id, status: 'sold', type: 'sale' })
    const { body } = await requestJson(t.app, `/api/users/${seller.id}`)
    expect(body).toStrictEqual({ id: seller.id, name: seller.name, email: seller.email })
  })

  it('responds 404 JSON for an unknown user', async () => {
    const { status, contentType, body } = await requestJson<ErrorResponse>(
      t.app,
      '/api/users/NoSuchUser0000000000',
    )
    expect(status).toBe(404)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toEqual({ error: expect.any(String) })
  })

  it.each(['not.an.id', 'a%20b', '%27%20or%201%3D1', 'x'.repeat(65)])(
    'responds 400 for the id %s',
    async (id) => {
      const { status, body } = await requestJson<ErrorResponse>(t.app, `/api/users/${id}`)
      expect(status).toBe(400)
      expect(body.error).toEqual(expect.any(String))
      expect(body.fields).toHaveProperty('id')
    },
  )

  it('responds with a JSON 404 for a deeper path under /api/users', async () => {
    const { status, body } = await requestJson<ErrorResponse>(t.app, '/api/users/a/b')
    expect(status).toBe(404)
    expect(body).toEqual({ error: expect.any(String) })
  })
})

describe.each(dialects)('showing the e-mail to people who make contact, on %s', (dialect) => {
  let t: TestApp
  let landlord: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlord = await signUpAndIn(t.context, { name: 'Ana Landlord' })
    await insertListing(t.context, { userRef: landlord.id })
  })
  afterAll(async () => {
    await t?.close()
  })

  const readMe = (cookie?: string) =>
    t.app.request('/api/users/me', { headers: cookie ? { Cookie: cookie } : {} })
  const patchMe = (body: unknown, cookie = landlord.cookie) =>
    sendJson(t.app, 'PATCH', '/api/users/me', body, cookie)
  const publicView = async (id = landlord.id) => (await requestJson(t.app, `/api/users/${id}`)).body

  it('shows it by default: GET /api/users/me says so, privately', async () => {
    const response = await readMe(landlord.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toStrictEqual({
      id: landlord.id,
      name: 'Ana Landlord',
      email: landlord.email,
      showEmail: true,
      statsMail: true,
    })
    expect(await publicView()).toStrictEqual({
      id: landlord.id,
      name: 'Ana Landlord',
      email: landlord.email,
    })
  })

  it('returns 401 JSON to GET /api/users/me without a session', async () => {
    const response = await readMe()
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: expect.any(String) })
  })

  it('turned off, leaves the e-mail out of GET /api/users/:id; on again, shows it', async () => {
    const off = await patchMe({ showEmail: false })
    expect(off.status).toBe(200)
    expect(off.body).toStrictEqual({
      id: landlord.id,
      name: 'Ana Landlord',
      email: landlord.email,
      showEmail: false,
      statsMail: true,
    })
    expect(await publicView()).toStrictEqual({ id: landlord.id, name: 'Ana Landlord' })
    expect(await (await readMe(landlord.cookie)).json()).toMatchObject({ showEmail: false })

    const on = await patchMe({ showEmail: true })
    expect(on.body).toMatchObject({ showEmail: true })
    expect(await publicView()).toStrictEqual({
      id: landlord.id,
      name: 'Ana Landlord',
      email: landlord.email,
    })
  })

  it('changes the name alone, or both at once, keeping what was not sent', async () => {
    await patchMe({ showEmail: false })
    const renamed = await patchMe({ name: 'Ana Lima' })
    expect(renamed.body).toMatchObject({ name: 'Ana Lima', showEmail: false })
    const both = await patchMe({ name: 'Ana Landlord', showEmail: true })
    expect(both.body).toMatchObject({ name: 'Ana Landlord', showEmail: true })
    expect(await publicView()).toMatchObject({ name: 'Ana Landlord', email: landlord.email })
  })

  it('turns the statistics mail off and on, keeping the e-mail choice', async () => {
    await patchMe({ showEmail: false })
    const off = await patchMe({ statsMail: false })
    expect(off.body).toMatchObject({ showEmail: false, statsMail: false })
    expect(await (await readMe(landlord.cookie)).json()).toMatchObject({ statsMail: false })
    const on = await patchMe({ statsMail: true, showEmail: true })
    expect(on.body).toMatchObject({ showEmail: true, statsMail: true })
    expect((await patchMe({ statsMail: 'no' })).status).toBe(400)
  })

  it('keeps hiding the e-mail of a user without a listing, whatever they choose', async () => {
    const tenant = await signUpAndIn(t.context, { name: 'Tom Tenant' })
    expect(
      (await sendJson(t.app, 'PATCH', '/api/users/me', { showEmail: true }, tenant.cookie)).status,
    ).toBe(200)
    expect(await publicView(tenant.id)).toStrictEqual({ id: tenant.id, name: 'Tom Tenant' })
  })

  it('changes only the caller: another landlord still shows theirs', async () => {
    const other = await signUpAndIn(t.context, { name: 'Other Landlord' })
    await insertListing(t.context, { userRef: other.id })
    await patchMe({ showEmail: false })
    expect(await publicView(other.id)).toMatchObject({ email: other.email })
    await patchMe({ showEmail: true })
  })

  it.each([
    ['a string', { showEmail: 'false' }, 'showEmail'],
    ['null', { showEmail: null }, 'showEmail'],
    ['a number', { showEmail: 0 }, 'showEmail'],
    ['neither field', {}, 'name'],
  ])(
    'refuses showEmail as %s with 400 naming the field, changing nothing',
    async (_, body, field) => {
      const response = await patchMe(body)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        error: expect.any(String),
        fields: { [field]: expect.any(String) },
      })
      expect(await publicView()).toMatchObject({ email: landlord.email })
    },
  )

  it('returns 401 to PATCH without a session, before reading the body', async () => {
    const response = await sendJson(t.app, 'PATCH', '/api/users/me', { showEmail: 'x' })
    expect(response.status).toBe(401)
  })

  it('reads and writes the choice by key on both databases, never scanning a table', async () => {
    const statements = await recordStatements(dialect, async () => {
      expect((await patchMe({ showEmail: false })).status).toBe(200)
      expect((await readMe(landlord.cookie)).status).toBe(200)
      expect((await t.app.request(`/api/users/${landlord.id}`)).status).toBe(200)
      expect((await patchMe({ showEmail: true })).status).toBe(200)
      expect((await t.app.request(`/api/users/${landlord.id}`)).status).toBe(200)
    })
    const ours = statements.filter((statement) =>
      /"contact_preference"|from "listing"/.test(statement.sql),
    )
    expect(ours.length).toBeGreaterThan(0)
    for (const statement of ours) {
      if (/^\s*insert/i.test(statement.sql)) continue
      const plan = await queryPlan(t.context.db, () => ({
        compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
      }))
      const text = `${statement.sql}\n${plan.join('\n')}`
      for (const table of ['user', 'contact_preference', 'listing']) {
        expect(scansTable(plan, table), text).toBe(false)
      }
    }
  })
})

// The landlord's e-mail must be shown (the contact page's mailto), so reading it is slowed instead:
// plenty for a person, a wall for a script asking for every landlord in turn.
describe.each(dialects)('GET /api/users/:id limits on %s', (dialect) => {
  let t: TestApp
  let landlord: TestUser
  let addressCount = 0

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlord = await createUser(t.context, { name: 'Limited Landlord' })
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t?.close()
  })

  /** Requests come from a socket's address, as the Node adapter reports it. */
  const newAddress = () => `198.51.100.${++addressCount}`
  const lookUp = (app: App, address: string, id = landlord.id) =>
    app.request(
      `/api/users/${id}`,
      {},
      {
        incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } },
      },
    )

  it('responds 429 JSON with Retry-After from the 31st lookup a minute of one address, not others', async () => {
    const address = newAddress()
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      // Unknown ids count as well: paging through ids is what a script does.
      statuses.push((await lookUp(t.app, address, i % 2 ? landlord.id : `NoSuchUser${i}`)).status)
    }
    expect(statuses.filter((status) => status === 429)).toEqual([])
    const limited = await lookUp(t.app, address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await limited.json()).toEqual({ error: expect.any(String) })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)

    expect((await lookUp(t.app, newAddress())).status).toBe(200)
  })

  it('holds across servers: the count is kept in the database', async () => {
    // A second server on the same database, as behind a load balancer.
    const other = await openAppContext(t.context.config)
    try {
      const otherApp = createApp(other, { clientDir: path.join(t.dataDir, 'no-client') })
      const address = newAddress()
      for (let i = 0; i < 15; i++) {
        expect((await lookUp(t.app, address)).status).toBe(200)
        expect((await lookUp(otherApp, address)).status).toBe(200)
      }
      expect((await lookUp(otherApp, address)).status).toBe(429)
      expect((await lookUp(t.app, address)).status).toBe(429)
    } finally {
      await other.db.close()
    }
  })

  it('lets a person on after the minute, and stops a script for the day after 300', async () => {
    const address = newAddress()
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    const minute = (n: number) => vi.setSystemTime(start + n * 61_000)
    for (let n = 0; n < 10; n++) {
      minute(n)
      // A full minute's worth each minute, and each new minute lets the address on again.
      for (let i = 0; i < 30; i++) expect((await lookUp(t.app, address)).status).toBe(200)
    }
    minute(10)
    const walled = await lookUp(t.app, address)
    expect(walled.status).toBe(429)
    expect(Number(walled.headers.get('retry-after'))).toBeGreaterThan(60 * 60)
    vi.useRealTimers()
  })
})
