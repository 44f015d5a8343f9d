// A slot's capacity under concurrent requests, on every database we support: many people booking
// the last places at once, the same person twice, a cancellation racing a booking, and the
// listing closing while bookings arrive. On PostgreSQL the requests run at once on several pooled
// connections (checked: transactions overlap), so only the database can hold the capacity.
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '../../shared/error-body'
import type { Booking, ViewingSlotList } from '../../shared/viewing'
import { closedForViewings, viewingMessages } from '../../shared/viewing'
import { insertSignedInUsers, type SessionUser } from '../../../tests/support/session-rows'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListing,
  sendJson,
  type JsonResponse,
  type TestApp,
} from '../../../tests/support/test-app'

const day = 24 * 3600_000
const visitorCount = 200

/**
 * Runs `action` and returns the most PostgreSQL transactions that were open at the same moment
 * meanwhile: each is a pooled connection between its `begin` and its `commit` or `rollback`.
 */
async function peakOpenTransactions(action: () => Promise<unknown>): Promise<number> {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = client.query
  const open = new Set<unknown>()
  let peak = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ''
    if (/^begin\b/i.test(text)) open.add(this)
    if (/^(commit|rollback)\b/i.test(text)) open.delete(this)
    peak = Math.max(peak, open.size)
    return original.apply(this, args)
  }
  try {
    await action()
    return peak
  } finally {
    client.query = original
  }
}

describe.each(dialects)('booking capacity under concurrency on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let visitors: SessionUser[]

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    // Written straight to the tables: signing 200 people up would cost 200 password hashes.
    visitors = await insertSignedInUsers(t.context, visitorCount, 'Visitor')
  })
  afterAll(() => t?.close())

  /** A new listing of the owner's with one slot tomorrow of `capacity` places, published through the API. */
  async function slotOf(capacity: number) {
    const listing = await insertListing(t.context, { userRef: owner.id, name: 'Open House Flat' })
    const start = new Date(Math.ceil((Date.now() + day) / 60_000) * 60_000).toISOString()
    const response = await sendJson(
      t.app,
      'PUT',
      `/api/listings/${listing.id}/viewing-slots`,
      { slots: [{ start, minutes: 60, capacity }] },
      owner.cookie,
    )
    expect(response.status).toBe(200)
    const [slot] = (response.body as unknown as ViewingSlotList).items
    return { listingId: listing.id, slotId: slot!.id }
  }

  const book = (slotId: string, user: SessionUser) =>
    sendJson(t.app, 'POST', `/api/viewing-slots/${slotId}/bookings`, {}, user.cookie)
  const cancel = (bookingId: string, user: SessionUser) =>
    t.app.request(`/api/bookings/${bookingId}`, {
      method: 'DELETE',
      headers: { Cookie: user.cookie, Origin: 'http://localhost:3000' },
    })

  /** The slot's bookings as the database holds them: its rows, and its `booked` count. */
  async function stored(slotId: string) {
    const { kysely } = t.context.db
    const rows = await kysely
      .selectFrom('viewing_booking')
      .select(['id', 'bookerId'])
      .where('slotId', '=', slotId)
      .execute()
    const slot = await kysely
      .selectFrom('viewing_slot')
      .select(['booked', 'capacity'])
      .where('id', '=', slotId)
      .executeTakeFirstOrThrow()
    return { rows, booked: Number(slot.booked), capacity: slot.capacity }
  }

  const errorOf = (response: JsonResponse<Record<string, unknown>>) =>
    (response.body as unknown as ErrorBody).error

  it(`gives a slot of 5 places to exactly 5 of ${visitorCount} people booking at once`, async () => {
    const { slotId } = await slotOf(5)
    let responses: JsonResponse<Record<string, unknown>>[] = []
    const peak = await peakOpenTransactions(async () => {
      responses = await Promise.all(visitors.map((visitor) => book(slotId, visitor)))
    })
    if (dialect === 'postgres') expect(peak).toBeGreaterThan(1)

    const created = responses.filter((response) => response.status === 201)
    const full = responses.filter((response) => response.status === 409)
    expect(created).toHaveLength(5)
    expect(full).toHaveLength(visitorCount - 5)
    for (const response of full) {
      expect(response.body).toEqual({ error: viewingMessages.full })
    }
    const { rows, booked } = await stored(slotId)
    expect(booked).toBe(5)
    expect(rows.map((row) => row.id).sort()).toEqual(
      created.map((response) => (response.body as unknown as Booking).id).sort(),
    )
  })

  it('books the same person once when they book twice at the same moment', async () => {
    const { slotId } = await slotOf(3)
    const [visitor] = visitors
    const responses = await Promise.all([book(slotId, visitor!), book(slotId, visitor!)])
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409])
    expect(errorOf(responses.find((response) => response.status === 409)!)).toBe(
      viewingMessages.alreadyBooked,
    )
    const { rows, booked } = await stored(slotId)
    expect(rows).toEqual([expect.objectContaining({ bookerId: visitor!.id })])
    expect(booked).toBe(1)
  })

  it('never gives more places than the slot has while cancellations race bookings', async () => {
    const capacity = 2
    const { slotId } = await slotOf(capacity)
    const [first, second] = visitors
    const holders = new Map<string, SessionUser>()
    for (const visitor of [first!, second!]) {
      const response = await book(slotId, visitor)
      expect(response.status).toBe(201)
      holders.set((response.body as unknown as Booking).id, visitor)
    }
    // Rounds of: one holder cancels while three others book the freed place at the same moment.
    const waiting = visitors.slice(2)
    for (let round = 0; round < 10; round++) {
      const [bookingId, holder] = [...holders][round % holders.size]!
      const contenders = waiting.splice(0, 3)
      const [cancelled, ...bookings] = await Promise.all([
        cancel(bookingId, holder),
        ...contenders.map((visitor) => book(slotId, visitor)),
      ])
      expect(cancelled!.status).toBe(204)
      holders.delete(bookingId)
      for (const [n, response] of bookings.entries()) {
        if (response.status === 201) {
          holders.set((response.body as unknown as Booking).id, contenders[n]!)
        } else {
          expect(response.status).toBe(409)
          expect(errorOf(response)).toBe(viewingMessages.full)
        }
      }
      const { rows, booked } = await stored(slotId)
      expect(rows.length).toBeLessThanOrEqual(capacity)
      expect(booked).toBe(rows.length)
      expect(rows.map((row) => row.id).sort()).toEqual([...holders.keys()].sort())
      // A place was freed: whoever came after the cancellation had it.
      expect(holders.size).toBeGreaterThanOrEqual(capacity - 1)
    }
  })

  it('leaves no booking of a listing closed while bookings arrive', async () => {
    const { listingId, slotId } = await slotOf(50)
    const waiting = [...visitors]
    const made: { booking: Booking; booker: SessionUser }[] = []
    const turnedAway: { after: boolean; error: string }[] = []
    let closing: Promise<JsonResponse<Record<string, unknown>>> | undefined
    let closed = false
    const close = async () => {
      const response = await sendJson(
        t.app,
        'PATCH',
        `/api/listings/${listingId}/status`,
        { status: 'rented' },
        owner.cookie,
      )
      closed = true
      return response
    }
    /**
     * Books for the next visitor in line, and closes the listing once 5 are booked, with bookings
     * still on their way; once the closing has returned, books only once more.
     */
    async function keepBooking() {
      for (let last = false; !last;) {
        last = closed
        const booker = waiting.shift()!
        const response = await book(slotId, booker)
        if (response.status === 201) {
          made.push({ booking: response.body as unknown as Booking, booker })
          if (made.length === 5) closing = close()
        } else {
          turnedAway.push({ after: last, error: `${response.status} ${errorOf(response)}` })
        }
      }
    }
    await Promise.all([keepBooking(), keepBooking(), keepBooking(), keepBooking()])
    expect((await closing!).status).toBe(200)
    // Before the closing, the slot may have filled up; after it, each of the four bookers tried
    // once more and was told the home takes no viewings.
    const full = `409 ${viewingMessages.full}`
    const closedError = `409 ${closedForViewings('rented')}`
    for (const { error } of turnedAway) expect([full, closedError]).toContain(error)
    expect(turnedAway.filter(({ after }) => after).map(({ error }) => error)).toEqual(
      Array(4).fill(closedError),
    )
    const { rows, booked } = await stored(slotId)
    expect(rows).toEqual([])
    expect(booked).toBe(0)
    // Each booking made before the closing was cancelled, with a mail queued to both parties.
    const keys = made.flatMap(({ booking, booker }) =>
      [booker.id, owner.id].map((id) => `viewing-mail:cancelled:${booking.id}:${id}`),
    )
    const queued = await t.context.db.kysely
      .selectFrom('job')
      .select('key')
      .where('key', 'like', 'viewing-mail:cancelled:%')
      .where(sql<string>`payload`, 'like', `%${slotId}%`)
      .execute()
    expect(queued.map((job) => job.key).sort()).toEqual(keys.sort())
  })
})
