// POST /api/viewing-slots/:id/bookings, DELETE /api/bookings/:id and GET /api/bookings against a
// real database, on every dialect we support: who may book and cancel, full and closed homes, the
// line in the conversation, the mails queued, and the two sides of the list.
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Conversation } from '../../shared/conversation'
import type { Booking, BookingList, ViewingSlotList } from '../../shared/viewing'
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
const today = Date.parse('2027-01-10T09:00:00Z')
const byKey = (a: { key: string }, b: { key: string }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : 0

describe.each(dialects)('bookings API on %s', (dialect) => {
  let t: TestApp
  let clock = today
  let owner: SignedInUser
  let ana: SignedInUser
  let ben: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => clock })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    ana = await signUpAndIn(t.context, { name: 'Ana Booker' })
    ben = await signUpAndIn(t.context, { name: 'Ben Booker' })
  })
  afterAll(() => t?.close())
  beforeEach(() => {
    clock = today
  })

  /** A listing of the owner's with one slot per start: their ids. */
  async function listingWithSlots(
    slots: { start: number; minutes?: number; capacity?: number }[],
  ): Promise<{ listingId: string; slotIds: string[] }> {
    const home = await insertListing(t.context, { userRef: owner.id, name: 'Canal House' })
    const response = await sendJson(
      t.app,
      'PUT',
      `/api/listings/${home.id}/viewing-slots`,
      {
        slots: slots.map((slot) => ({
          start: new Date(slot.start).toISOString(),
          minutes: slot.minutes ?? 30,
          capacity: slot.capacity ?? 1,
        })),
      },
      owner.cookie,
    )
    expect(response.status).toBe(200)
    const { items } = response.body as unknown as ViewingSlotList
    return { listingId: home.id, slotIds: items.map((item) => item.id) }
  }
  const book = (slotId: string, user: SignedInUser | null) =>
    sendJson(t.app, 'POST', `/api/viewing-slots/${slotId}/bookings`, {}, user?.cookie)
  const cancel = (bookingId: string, user: SignedInUser) =>
    t.app.request(`/api/bookings/${bookingId}`, {
      method: 'DELETE',
      headers: { Origin: 'http://localhost:3000', Cookie: user.cookie },
    })
  const bookings = async (user: SignedInUser) =>
    (await requestJson<BookingList>(t.app, '/api/bookings', { headers: { Cookie: user.cookie } }))
      .body.items
  const slots = async (listingId: string) =>
    (await requestJson<ViewingSlotList>(t.app, `/api/listings/${listingId}/viewing-slots`)).body
      .items
  const mailJobs = async (bookingId: string) => {
    const rows = await t.context.db.kysely
      .selectFrom('job')
      .select(['key', 'runAt'])
      .where('key', 'like', `viewing-mail:%:${bookingId}:%`)
      .execute()
    // In code-point order on both sides: PostgreSQL's collation orders mixed case otherwise.
    return rows.map((row) => ({ key: row.key, runAt: Number(row.runAt) })).sort(byKey)
  }

  it('books a place, once per visitor, and counts it against the slot', async () => {
    const start = today + 3 * day
    const { listingId, slotIds } = await listingWithSlots([{ start, capacity: 2 }])
    const response = await book(slotIds[0]!, ana)
    expect(response.status).toBe(201)
    const booking = response.body as unknown as Booking
    expect(booking).toEqual({
      id: expect.any(String),
      slotId: slotIds[0],
      start: new Date(start).toISOString(),
      minutes: 30,
      listingId,
    })
    expect(await slots(listingId)).toMatchObject([{ booked: 1, capacity: 2 }])

    const again = await book(slotIds[0]!, ana)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: 'You already booked this viewing' })
    expect(await slots(listingId)).toMatchObject([{ booked: 1 }])
    // The owner's statistics count the booking, once.
    const counted = await t.context.db.kysely
      .selectFrom('listing_stat')
      .select('bookings')
      .where('listingId', '=', listingId)
      .execute()
    expect(counted).toEqual([{ bookings: 1 }])
  })

  it('says the viewing is full when its places are taken', async () => {
    const { listingId, slotIds } = await listingWithSlots([{ start: today + day }])
    expect((await book(slotIds[0]!, ana)).status).toBe(201)
    const full = await book(slotIds[0]!, ben)
    expect(full.status).toBe(409)
    expect(full.body).toEqual({ error: 'This viewing is full' })
    expect(await slots(listingId)).toMatchObject([{ booked: 1, capacity: 1 }])
  })

  it('checks in the contract’s order: 401, 404, 403', async () => {
    const { slotIds } = await listingWithSlots([{ start: today + day }])
    expect((await book(slotIds[0]!, null)).status).toBe(401)
    expect((await book('no-such-slot', ana)).status).toBe(404)
    const own = await book(slotIds[0]!, owner)
    expect(own.status).toBe(403)
    expect(own.body).toEqual({ error: 'This is your own listing: visitors book its viewings' })
  })

  it('takes no booking of a viewing that has started', async () => {
    const { slotIds } = await listingWithSlots([{ start: today + hour }])
    clock = today + hour + 60_000
    const late = await book(slotIds[0]!, ana)
    expect(late.status).toBe(409)
    expect(late.body).toEqual({ error: 'This viewing has already started' })
  })

  it('writes the booking in the conversation with the owner, and queues the mails', async () => {
    const start = Date.parse('2027-01-16T09:00:00Z')
    const { listingId, slotIds } = await listingWithSlots([{ start, minutes: 45 }])
    const booking = (await book(slotIds[0]!, ana)).body as unknown as Booking
    const conversationId = await t.context.conversations.findId(listingId, ana.id)
    expect(conversationId).toBeDefined()
    const conversation = await t.context.conversations.get(conversationId!, owner.id)
    expect(conversation?.messages.map((message) => [message.from.name, message.body])).toEqual([
      ['Ana Booker', 'Booked a viewing: Sat 16 Jan, 10:00–10:45, Paris time'],
    ])
    expect(conversation?.unread).toBe(1)
    // The booking's own mails tell the owner: no message mail besides.
    const messageMail = await t.context.db.kysely
      .selectFrom('job')
      .select('key')
      .where('key', '=', `message-mail:${conversationId}:${owner.id}`)
      .executeTakeFirst()
    expect(messageMail).toBeUndefined()
    // Both parties at once; the booker's reminder a day before.
    expect(await mailJobs(booking.id)).toEqual(
      [
        { key: `viewing-mail:booked:${booking.id}:${ana.id}`, runAt: today },
        { key: `viewing-mail:booked:${booking.id}:${owner.id}`, runAt: today },
        { key: `viewing-mail:reminder:${booking.id}:${ana.id}`, runAt: start - day },
      ].sort(byKey),
    )
  })

  it('lets the booker or the owner cancel, which frees the place', async () => {
    const { listingId, slotIds } = await listingWithSlots([{ start: today + 2 * day }])
    const first = (await book(slotIds[0]!, ana)).body as unknown as Booking
    expect((await cancel(first.id, ben)).status).toBe(404)
    expect((await cancel(first.id, ana)).status).toBe(204)
    expect((await cancel(first.id, ana)).status).toBe(404)
    expect(await slots(listingId)).toMatchObject([{ booked: 0 }])

    const second = (await book(slotIds[0]!, ben)).body as unknown as Booking
    expect(second.slotId).toBe(slotIds[0])
    expect((await cancel(second.id, owner)).status).toBe(204)
    expect(await slots(listingId)).toMatchObject([{ booked: 0 }])

    const conversationId = await t.context.conversations.findId(listingId, ben.id)
    const conversation = (await t.context.conversations.get(
      conversationId!,
      ben.id,
    )) as Conversation
    expect(conversation.messages.map((message) => message.from.name)).toEqual([
      'Ben Booker',
      'Olivia Owner',
    ])
    expect(conversation.messages[1]!.body).toMatch(/^Cancelled the viewing: /)
    expect((await mailJobs(second.id)).map((job) => job.key)).toEqual(
      expect.arrayContaining([
        `viewing-mail:cancelled:${second.id}:${ben.id}`,
        `viewing-mail:cancelled:${second.id}:${owner.id}`,
      ]),
    )
  })

  it('takes no cancellation once the viewing has started', async () => {
    const { slotIds } = await listingWithSlots([{ start: today + hour }])
    const booking = (await book(slotIds[0]!, ana)).body as unknown as Booking
    clock = today + 2 * hour
    const late = await cancel(booking.id, ana)
    expect(late.status).toBe(409)
  })

  it('lists both sides: the booker’s viewings and the owner’s bookings, upcoming first', async () => {
    const viewer = await signUpAndIn(t.context, { name: 'Vera Viewer' })
    const { listingId, slotIds } = await listingWithSlots([
      { start: today + 5 * day },
      { start: today + 2 * hour },
      { start: today + 3 * day, capacity: 3 },
    ])
    const later = (await book(slotIds[2]!, viewer)).body as unknown as Booking
    const soon = (await book(slotIds[0]!, viewer)).body as unknown as Booking
    const mine = await bookings(viewer)
    expect(mine.map((item) => item.id)).toEqual([soon.id, later.id])
    expect(mine[0]).toMatchObject({
      listing: { id: listingId, name: 'Canal House', location: '1 Test Street, Paris, France' },
      timeZone: 'Europe/Paris',
      booker: { id: viewer.id, name: 'Vera Viewer' },
      owner: { id: owner.id, name: 'Olivia Owner' },
    })
    expect((await bookings(owner)).map((item) => item.id)).toEqual(
      expect.arrayContaining([soon.id, later.id]),
    )
    expect((await bookings(ben)).map((item) => item.id)).not.toContain(soon.id)

    // After the viewing, it follows the upcoming ones.
    clock = today + 2 * hour + 31 * 60_000
    expect((await bookings(viewer)).map((item) => item.id)).toEqual([later.id, soon.id])
  })

  it('takes no booking of a closed home, and closing cancels its future bookings', async () => {
    const { listingId, slotIds } = await listingWithSlots([
      { start: today + day, capacity: 5 },
      { start: today + 2 * day },
    ])
    const booking = (await book(slotIds[0]!, ana)).body as unknown as Booking
    const closed = await sendJson(
      t.app,
      'PATCH',
      `/api/listings/${listingId}/status`,
      { status: 'rented' },
      owner.cookie,
    )
    expect(closed.status).toBe(200)
    expect(await bookings(ana)).not.toContainEqual(expect.objectContaining({ id: booking.id }))
    const { rows } = await sql<{ booked: number }>`
      select booked from viewing_slot where id = ${slotIds[0]!}`.execute(t.context.db.kysely)
    expect(Number(rows[0]!.booked)).toBe(0)
    const cancelled = await t.context.db.kysely
      .selectFrom('job')
      .select('payload')
      .where('key', '=', `viewing-mail:cancelled:${booking.id}:${ana.id}`)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(cancelled.payload)).toMatchObject({
      closedAs: 'rented',
      cancelledBy: 'owner',
    })

    const refused = await book(slotIds[1]!, ben)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ error: 'This home is rented: it takes no viewings' })
  })

  it('cancels the future bookings, with their mails, when the listing is deleted', async () => {
    const { listingId, slotIds } = await listingWithSlots([{ start: today + day }])
    const booking = (await book(slotIds[0]!, ana)).body as unknown as Booking
    const deleted = await t.app.request(`/api/listings/${listingId}`, {
      method: 'DELETE',
      headers: { Origin: 'http://localhost:3000', Cookie: owner.cookie },
    })
    expect(deleted.status).toBe(204)
    expect((await bookings(ana)).map((item) => item.id)).not.toContain(booking.id)
    const jobs = await mailJobs(booking.id)
    expect(jobs.map((job) => job.key)).toEqual(
      expect.arrayContaining([`viewing-mail:cancelled:${booking.id}:${owner.id}`]),
    )
  })
})
