// PUT and GET /api/listings/:id/viewing-slots against a real database, on every dialect we support:
// who may publish, every 400 naming its field, replacing that keeps booked slots, and times in the
// listing's own zone across a change of the clocks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorBody } from '../../shared/error-body'
import type { ViewingSlotList } from '../../shared/viewing'
import { zonedTimeToUtc } from '../../shared/viewing-time'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListing,
  requestJson,
  sendJson,
  type TestApp,
} from '../../../tests/support/test-app'

const hour = 3600_000
const day = 24 * hour
/** The server's clock in these tests: a winter's day, four weeks before Europe's clocks change. */
const winter = Date.parse('2027-03-01T12:00:00Z')

describe.each(dialects)('viewing slots API on %s', (dialect) => {
  let t: TestApp
  let clock = winter
  let owner: SignedInUser
  let visitor: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => clock })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    visitor = await signUpAndIn(t.context, { name: 'Vic Visitor' })
  })
  afterAll(() => t?.close())
  beforeEach(() => {
    clock = winter
  })

  const listing = (fields: { lat?: number; lng?: number; status?: 'active' | 'sold' } = {}) =>
    insertListing(t.context, { userRef: owner.id, name: 'Open House Flat', ...fields })
  const put = (listingId: string, slots: unknown, user: SignedInUser | null = owner) =>
    sendJson(t.app, 'PUT', `/api/listings/${listingId}/viewing-slots`, { slots }, user?.cookie)
  const get = (listingId: string, user?: SignedInUser) =>
    requestJson<ViewingSlotList>(
      t.app,
      `/api/listings/${listingId}/viewing-slots`,
      user && { headers: { Cookie: user.cookie } },
    )
  const slot = (start: number, minutes = 30, capacity = 1) => ({
    start: new Date(start).toISOString(),
    minutes,
    capacity,
  })
  const book = (slotId: string, user: SignedInUser) =>
    sendJson(t.app, 'POST', `/api/viewing-slots/${slotId}/bookings`, {}, user.cookie)

  it('publishes slots for everyone to read, future ones only, in time order', async () => {
    const home = await listing()
    const later = slot(winter + 3 * day, 60, 10)
    const sooner = slot(winter + day, 30, 1)
    const response = await put(home.id, [later, sooner])
    expect(response.status).toBe(200)
    const { items, timeZone } = response.body as unknown as ViewingSlotList
    expect(timeZone).toBe('Europe/Paris')
    expect(
      items.map(({ start, minutes, capacity, booked }) => ({ start, minutes, capacity, booked })),
    ).toEqual([
      { ...sooner, booked: 0 },
      { ...later, booked: 0 },
    ])
    // Owner only: who booked each.
    expect(items[0]!.bookings).toEqual([])

    const anyone = await get(home.id)
    expect(anyone.status).toBe(200)
    expect(anyone.body.items.map((item) => item.start)).toEqual([sooner.start, later.start])
    expect(anyone.body.items[0]).not.toHaveProperty('bookings')

    clock = winter + 2 * day
    expect((await get(home.id)).body.items.map((item) => item.start)).toEqual([later.start])
  })

  it('checks who asks in the contract’s order: 401, 404, 403, then 400', async () => {
    const home = await listing()
    const good = [slot(winter + day)]
    expect((await put(home.id, good, null)).status).toBe(401)
    expect((await put('no-such-listing', good)).status).toBe(404)
    expect((await get('no-such-listing')).status).toBe(404)
    const stranger = await put(home.id, good, visitor)
    expect(stranger.status).toBe(403)
    expect(
      (await put(home.id, [{ start: 'soon', minutes: 30, capacity: 1 }], visitor)).status,
    ).toBe(403)
  })

  it.each([
    ['a start in the past', slot(winter - hour), 'slots.0.start', 'must be in the future'],
    ['a start more than 90 days ahead', slot(winter + 91 * day), 'slots.0.start', '90 days'],
    [
      'a start that is no date',
      { start: 'next Tuesday', minutes: 30, capacity: 1 },
      'slots.0.start',
      'ISO 8601',
    ],
    ['a length under 15 minutes', slot(winter + day, 10), 'slots.0.minutes', 'at least 15'],
    ['a length over 240 minutes', slot(winter + day, 241), 'slots.0.minutes', 'at most 240'],
    ['a length that is not whole', slot(winter + day, 30.5), 'slots.0.minutes', 'whole minutes'],
    ['no place', slot(winter + day, 30, 0), 'slots.0.capacity', 'at least 1'],
    ['more than 50 places', slot(winter + day, 30, 51), 'slots.0.capacity', 'at most 50'],
  ])('responds 400 naming the field for %s', async (_, bad, field, words) => {
    const home = await listing()
    const response = await put(home.id, [bad])
    expect(response.status).toBe(400)
    const body = response.body as unknown as ErrorBody
    expect(Object.keys(body.fields ?? {})).toEqual([field])
    expect(body.fields![field]).toContain(words)
    expect((await get(home.id)).body.items).toEqual([])
  })

  it('responds 400 naming `slots` for overlapping slots, and keeps what was there', async () => {
    const home = await listing()
    expect((await put(home.id, [slot(winter + day, 60)])).status).toBe(200)
    const response = await put(home.id, [slot(winter + day, 60), slot(winter + day + 30 * 60_000)])
    expect(response.status).toBe(400)
    const body = response.body as unknown as ErrorBody
    expect(body.error).toBe('Two viewing times overlap')
    expect(body.fields).toEqual({
      slots: 'Tue 2 Mar, 13:00–14:00, Paris time overlaps Tue 2 Mar, 13:30–14:00, Paris time',
    })
    expect((await get(home.id)).body.items).toHaveLength(1)
    // Back to back is no overlap.
    expect((await put(home.id, [slot(winter + day, 60), slot(winter + day + hour)])).status).toBe(
      200,
    )
  })

  it('keeps booked slots when the owner replaces the others', async () => {
    const home = await listing()
    const first = await put(home.id, [
      slot(winter + day),
      slot(winter + 2 * day),
      slot(winter + 3 * day),
    ])
    const [booked, unbooked, asked] = (first.body as unknown as ViewingSlotList).items
    expect((await book(booked!.id, visitor)).status).toBe(201)

    const response = await put(home.id, [slot(winter + 3 * day), slot(winter + 4 * day, 45, 5)])
    expect(response.status).toBe(200)
    const { items } = response.body as unknown as ViewingSlotList
    expect(items.map((item) => item.id).slice(0, 2)).toEqual([booked!.id, asked!.id])
    expect(items.map((item) => item.id)).not.toContain(unbooked!.id)
    expect(items[0]).toMatchObject({
      booked: 1,
      bookings: [{ booker: { id: visitor.id, name: 'Vic Visitor' } }],
    })
    expect(items[2]).toMatchObject({
      start: slot(winter + 4 * day).start,
      minutes: 45,
      capacity: 5,
    })

    // Even asked for nothing, the booked slot stays; and no slot may overlap it.
    expect((await put(home.id, [])).status).toBe(200)
    expect((await get(home.id)).body.items.map((item) => item.id)).toEqual([booked!.id])
    expect((await put(home.id, [slot(winter + day + 15 * 60_000)])).status).toBe(400)

    // The visitor sees their booking of it.
    expect((await get(home.id, visitor)).body.items[0]).toMatchObject({
      id: booked!.id,
      myBookingId: expect.any(String),
    })
  })

  it('reads 10:00 Paris time as 09:00 UTC before the clocks change and 08:00 UTC the day after', async () => {
    const home = await listing()
    const { timeZone } = (await get(home.id)).body
    const before = zonedTimeToUtc('2027-03-27', '10:00', timeZone)
    const after = zonedTimeToUtc('2027-03-29', '10:00', timeZone)
    const response = await put(home.id, [slot(before), slot(after)])
    expect(response.status).toBe(200)
    expect((response.body as unknown as ViewingSlotList).items.map((item) => item.start)).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ])
  })

  it('names the zone of the listing’s own coordinates', async () => {
    const newYork = await listing({ lat: 40.7128, lng: -74.006 })
    const sydney = await listing({ lat: -33.8688, lng: 151.2093 })
    expect((await get(newYork.id)).body.timeZone).toBe('America/New_York')
    expect((await get(sydney.id)).body.timeZone).toBe('Australia/Sydney')
  })

  it('takes no viewing times for a closed home, and shows none', async () => {
    const home = await listing()
    expect((await put(home.id, [slot(winter + day)])).status).toBe(200)
    expect(
      (
        await sendJson(
          t.app,
          'PATCH',
          `/api/listings/${home.id}/status`,
          { status: 'rented' },
          owner.cookie,
        )
      ).status,
    ).toBe(200)
    const response = await put(home.id, [slot(winter + day)])
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ error: 'This home is rented: it takes no viewings' })
    expect((await get(home.id)).body.items).toEqual([])
  })
})
