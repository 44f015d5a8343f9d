// How the viewings' SQL runs on each database: every statement the routes send on the slot and
// booking tables (caught at the driver) is explained against thousands of rows; each finds its rows
// by its index, the lists read in index order, and none reads a table whole.
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingList, ViewingSlotList } from '../../shared/viewing'
import { insertUsers } from '../../../tests/support/conversation-rows'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { requestPlans } from '../../../tests/support/request-plans'
import {
  createTestApp,
  dialects,
  insertListings,
  requestJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { insertSlots, type SlotRows } from '../../../tests/support/viewing-rows'

const hour = 3600_000
const day = 24 * hour
/** The server's clock: the slots run from 20 days before it to 40 days after. */
const now = Date.UTC(2027, 2, 1, 12)
const tables = ['viewing_slot', 'viewing_booking', 'listing', 'user']

/** The index a statement should read, as each database's plan names it. */
const indexes = {
  slotsOfListing: { sqlite: /viewing_slot_listing_start/, postgres: /viewing_slot_listing_start/ },
  bookingsOfListing: {
    sqlite: /viewing_booking_listing_start/,
    postgres: /viewing_booking_listing_start/,
  },
  booker: { sqlite: /viewing_booking_booker_start/, postgres: /viewing_booking_booker_start/ },
  owner: { sqlite: /viewing_booking_owner_start/, postgres: /viewing_booking_owner_start/ },
  // SQLite names the index of a primary key itself: its column says which.
  slotKey: { sqlite: /sqlite_autoindex_viewing_slot_1 \(id=\?\)/, postgres: /viewing_slot_pkey/ },
  bookingKey: {
    sqlite: /sqlite_autoindex_viewing_booking_1 \(id=\?\)/,
    postgres: /viewing_booking_pkey/,
  },
}

describe.each(dialects)('viewing query plans on %s', (dialect) => {
  let t: TestApp
  let me: SignedInUser
  let visitor: SignedInUser
  /** a listing of mine with 60 slots, many booked */
  let myListing: string
  /** a listing of another owner's, with a future slot `visitor` booked */
  let theirListing: string
  let visitorsSlot: string

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now })
    me = await signUpAndIn(t.context, { name: 'Olivia Landlord' })
    visitor = await signUpAndIn(t.context, { name: 'Vic Visitor' })
    // People enough that reading every user costs more than finding a few by key.
    const bookers = await insertUsers(t.context.db, 20_000, 'Bench Visitor')
    const owners = await insertUsers(t.context.db, 40, 'Bench Landlord')
    const mine = await insertListings(
      t.context,
      Array.from({ length: 10 }, (_, n) => ({ userRef: me.id, timestamp: now - n * day })),
    )
    const theirs = await insertListings(
      t.context,
      Array.from({ length: 200 }, (_, n) => ({
        userRef: owners[n % owners.length]!,
        timestamp: now - n * hour,
      })),
    )
    myListing = mine[0]!.id
    theirListing = theirs[0]!.id
    // Each listing has a slot a day at 10:00 UTC from 20 days ago to 40 days ahead: 12,600 slots.
    // Mine have 8 bookings each, others' 0 to 4, and I booked every seventh of theirs: my lists
    // hold thousands, more than a page, so reading them in index order is worth it.
    let turn = 0
    const slots: SlotRows[] = [...mine, ...theirs].flatMap((listing, n) =>
      Array.from({ length: 60 }, (_, k) => {
        const mineToo = listing.userRef !== me.id && (n + k) % 7 === 0
        const bookerIds = Array.from(
          { length: listing.userRef === me.id ? 8 : (n + k) % 5 },
          () => bookers[turn++ % bookers.length]!,
        )
        return {
          listingId: listing.id,
          ownerId: listing.userRef,
          start: Date.UTC(2027, 1, 9, 10) + k * day,
          minutes: 30,
          capacity: 10,
          bookerIds: mineToo ? [...bookerIds, me.id] : bookerIds,
        }
      }),
    )
    const slotIds = await insertSlots(t.context.db, slots)
    visitorsSlot = slotIds[mine.length * 60 + 30]!
    // What autovacuum would have done by now: statistics, so that the planner chooses as it
    // would on a real database.
    if (dialect === 'postgres') {
      await t.context.db.kysely.executeQuery(CompiledQuery.raw('vacuum analyze'))
    }
  })
  afterAll(() => t?.close())

  const { plans, describeOne, expectNoScan, expectIndex } = requestPlans({
    dialect,
    db: () => t.context.db,
    ownTables: ['viewing_slot', 'viewing_booking'],
    tables,
    indexes,
  })

  const as = (user: SignedInUser | undefined, method = 'GET', body?: unknown) => ({
    method,
    headers: {
      ...(user && { Cookie: user.cookie }),
      ...(method !== 'GET' && { Origin: testOrigin, 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const slotsOf = (listingId: string, user?: SignedInUser) => () =>
    t.app.request(`/api/listings/${listingId}/viewing-slots`, as(user))
  const futureSlotsSql =
    /^select "id", "start", "minutes", "capacity", "booked" from "viewing_slot"/

  it("reads a listing's future slots by viewing_slot_listing_start", async () => {
    const explained = await plans(slotsOf(theirListing))
    expectNoScan(explained)
    expectIndex(explained, futureSlotsSql, 'slotsOfListing')
  })

  it("reads the owner's bookers of the future slots by viewing_booking_listing_start", async () => {
    const explained = await plans(slotsOf(myListing, me))
    expectNoScan(explained)
    expectIndex(explained, futureSlotsSql, 'slotsOfListing')
    expectIndex(
      explained,
      /inner join "user" on "user"\."id" = "viewing_booking"\."bookerId"/,
      'bookingsOfListing',
    )
  })

  it("reads the caller's own bookings of the listing's slots by an index", async () => {
    const explained = await plans(slotsOf(theirListing, me))
    expectNoScan(explained)
    const mine = explained.filter((one) =>
      /^select "id", "slotId" from "viewing_booking"/.test(one.sql),
    )
    expect(mine).toHaveLength(1)
    expect(mine[0]!.plan.join('\n'), describeOne(mine[0]!)).toMatch(
      /viewing_booking_(booker|listing)_start/,
    )
  })

  it('lists my bookings and those of my listings by booker and owner, in index order', async () => {
    const explained = await plans(() => t.app.request('/api/bookings', as(me)))
    expectNoScan(explained)
    expectIndex(explained, /where "booking"\."bookerId" = /, 'booker', true)
    expectIndex(explained, /where "booking"\."ownerId" = /, 'owner', true)
    expect(
      explained.filter((one) => /from "viewing_booking" as "booking"/.test(one.sql)),
    ).toHaveLength(4)
    const { body } = await requestJson<BookingList>(t.app, '/api/bookings', as(me))
    expect(body.items.length).toBeGreaterThan(100)
  })

  it('books a place by the keys: the slot, its conditional update and the new booking', async () => {
    const explained = await plans(
      () => t.app.request(`/api/viewing-slots/${visitorsSlot}/bookings`, as(visitor, 'POST', {})),
      201,
    )
    expectNoScan(explained)
    expectIndex(explained, /^\s*select slot\.start/, 'slotKey')
    expectIndex(explained, /^update "viewing_slot" set "booked" = "booked" \+ /, 'slotKey')
    expectIndex(explained, /where "booking"\."id" = /, 'bookingKey')
  })

  it('cancels a booking by its key', async () => {
    const { body } = await requestJson<BookingList>(t.app, '/api/bookings', as(me))
    const booking = body.items.find((item) => item.booker.id === me.id)!
    const explained = await plans(
      () => t.app.request(`/api/bookings/${booking.id}`, as(me, 'DELETE')),
      204,
    )
    expectNoScan(explained)
    expectIndex(explained, /where "booking"\."id" = /, 'bookingKey')
    expectIndex(explained, /^delete from "viewing_booking" where "id" = /, 'bookingKey')
    expectIndex(explained, /^update "viewing_slot" set "booked" = "booked" - /, 'slotKey')
  })

  it('replaces the slots by viewing_slot_listing_start and removes them by key', async () => {
    const { body } = await requestJson<ViewingSlotList>(
      t.app,
      `/api/listings/${myListing}/viewing-slots`,
      as(me),
    )
    const booked = body.items.map(({ start, minutes, capacity }) => ({ start, minutes, capacity }))
    const extra = { start: new Date(now + 45 * day).toISOString(), minutes: 30, capacity: 2 }
    const put = (slots: unknown[]) => () =>
      t.app.request(`/api/listings/${myListing}/viewing-slots`, as(me, 'PUT', { slots }))
    expect((await put([...booked, extra])()).status).toBe(200)
    // The booked slots stay, the unbooked one goes.
    const explained = await plans(put(booked))
    expectNoScan(explained)
    expectIndex(
      explained,
      /^select "id", "start", "minutes", "capacity", "booked" from "viewing_slot" where "listingId" = \S+ and "start" > \S+$/,
      'slotsOfListing',
    )
    expectIndex(explained, /^delete from "viewing_slot" where "id" in/, 'slotKey')
  })

  it("cancels a closing listing's future bookings by viewing_booking_listing_start", async () => {
    const explained = await plans(() =>
      t.app.request(`/api/listings/${myListing}/status`, as(me, 'PATCH', { status: 'rented' })),
    )
    expectNoScan(explained)
    expectIndex(explained, /where "booking"\."listingId" = /, 'bookingsOfListing')
    expectIndex(explained, /^delete from "viewing_booking" where "id" = /, 'bookingKey')
  })
})
