// GET /api/users/:id/profile against a real database, on every dialect we support: the reply
// figures over the last 90 days from conversations inserted with chosen times, and the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LandlordProfile } from '../../shared/landlord-profile'
import { newId } from '../ids'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'

const minute = 60 * 1000
const day = 24 * 60 * minute

interface ErrorResponse {
  error: string
  fields?: Record<string, string>
}

describe.each(dialects)('landlord profile API on %s', (dialect) => {
  let t: TestApp
  let asker: TestUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    asker = await createUser(t.context, { name: 'Ana Asker' })
  })
  afterAll(() => t?.close())

  /**
   * A conversation started with `landlord` `daysAgo` days ago, which they replied to after
   * `replyMinutes` (never when null). Each about a listing of its own: one asker per listing.
   */
  async function conversation(landlord: TestUser, daysAgo: number, replyMinutes: number | null) {
    const listing = await insertListing(t.context, { userRef: landlord.id })
    const createdAt = Date.now() - daysAgo * day
    await t.context.db.kysely
      .insertInto('conversation')
      .values({
        id: newId(),
        listingId: listing.id,
        askerId: asker.id,
        ownerId: landlord.id,
        createdAt,
        lastMessageId: newId(),
        firstReplyAt: replyMinutes === null ? null : createdAt + replyMinutes * minute,
      })
      .execute()
  }

  const profileOf = (id: string) => requestJson<LandlordProfile>(t.app, `/api/users/${id}/profile`)

  it('returns exactly { id, name, memberSince, replies } and never the e-mail', async () => {
    const landlord = await createUser(t.context, { name: 'Chloé Dubois' })
    const { status, contentType, body } = await profileOf(landlord.id)
    expect(status).toBe(200)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toStrictEqual({
      id: landlord.id,
      name: 'Chloé Dubois',
      memberSince: new Date().toISOString().slice(0, 10),
      replies: null,
    })
    expect(JSON.stringify(body)).not.toContain(landlord.email)
  })

  it('says nothing of replies below 3 conversations in the last 90 days', async () => {
    const landlord = await createUser(t.context)
    await conversation(landlord, 1, 5)
    await conversation(landlord, 89, 5)
    // Older than the window: not counted.
    await conversation(landlord, 91, 5)
    await conversation(landlord, 200, 5)
    expect((await profileOf(landlord.id)).body.replies).toBeNull()
  })

  it('gives the share replied to and the median reply time of the last 90 days', async () => {
    const landlord = await createUser(t.context)
    await conversation(landlord, 1, 30)
    await conversation(landlord, 10, 89.5)
    await conversation(landlord, 89, 600)
    await conversation(landlord, 2, null)
    // Older than the window, and quick: they would lower the median if counted.
    await conversation(landlord, 91, 1)
    await conversation(landlord, 120, 1)
    const { body } = await profileOf(landlord.id)
    // Replied to 3 of 4; the median of 30, 89.5 and 600 minutes, rounded up to whole minutes.
    expect(body.replies).toStrictEqual({ share: 0.75, medianMinutes: 90, conversations: 4 })
  })

  it('takes the mean of the two middle reply times of an even count', async () => {
    const landlord = await createUser(t.context)
    for (const minutes of [50, 10, 40, 20]) await conversation(landlord, 3, minutes)
    const { body } = await profileOf(landlord.id)
    expect(body.replies).toStrictEqual({ share: 1, medianMinutes: 30, conversations: 4 })
  })

  it('gives a share of 0 and no median to a landlord who never replied', async () => {
    const landlord = await createUser(t.context)
    for (let n = 0; n < 3; n++) await conversation(landlord, n, null)
    const { body } = await profileOf(landlord.id)
    expect(body.replies).toStrictEqual({ share: 0, medianMinutes: null, conversations: 3 })
  })

  it('responds 404 JSON for an unknown user, and 400 naming id for a bad one', async () => {
    const unknown = await requestJson<ErrorResponse>(
      t.app,
      '/api/users/NoSuchUser0000000000/profile',
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: 'User not found' })
    const bad = await requestJson<ErrorResponse>(t.app, `/api/users/${'x'.repeat(65)}/profile`)
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toHaveProperty('id')
  })
})

describe.each(dialects)('GET /api/users/:id/profile limits on %s', (dialect) => {
  let t: TestApp
  let landlord: TestUser
  let addressCount = 0

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlord = await createUser(t.context, { name: 'Limited Landlord' })
  })
  afterAll(() => t?.close())

  /** Requests come from a socket's address, as the Node adapter reports it. */
  const newAddress = () => `198.51.100.${++addressCount}`
  const lookUp = (path: string, address: string) =>
    t.app.request(
      path,
      {},
      { incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } } },
    )

  it('responds 429 JSON with Retry-After from the 31st lookup a minute of one address', async () => {
    const address = newAddress()
    for (let i = 0; i < 30; i++) {
      // Unknown ids count: paging through ids is what a script does.
      expect((await lookUp(`/api/users/NoSuchUser${i}/profile`, address)).status).toBe(404)
    }
    const limited = await lookUp(`/api/users/${landlord.id}/profile`, address)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: expect.any(String) })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)

    expect((await lookUp(`/api/users/${landlord.id}/profile`, newAddress())).status).toBe(200)
    // Counted apart from GET /api/users/:id: the contact page's budget is untouched.
    expect((await lookUp(`/api/users/${landlord.id}`, address)).status).toBe(200)
  })

  it('does not count a landlord read again within the half minute it is kept', async () => {
    const address = newAddress()
    for (let i = 0; i < 40; i++) {
      expect((await lookUp(`/api/users/${landlord.id}/profile`, address)).status).toBe(200)
    }
  })
})
