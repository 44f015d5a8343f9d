// Booking a viewing and cancelling it. A slot's capacity is held by the database: a booking raises
// the slot's `booked` with one conditional update (`booked < capacity`), so that two servers
// booking the last place at once cannot both have it. Each booking and cancellation writes its
// line in the conversation with the owner and queues both parties' mails, in one transaction.
import { countNothing, type CountActivity } from '../listing-stats/count-activity.js'
import { sql, type Kysely } from 'kysely'
import type { BookingDetails, Booking } from '../../shared/viewing.js'
import { closedForViewings, viewingMessages } from '../../shared/viewing.js'
import { formatViewingTime } from '../../shared/viewing-time.js'
import type { ConversationQueries } from '../conversations/conversations.queries.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { newId } from '../ids.js'
import type { JobQueue } from '../jobs/job-queue.js'
import type { MediaStore } from '../media/media-store.js'
import { listingTimeZone } from './listing-time-zone.js'
import { ViewingError } from './viewing-error.js'
import {
  bookedMailJobs,
  cancelledMailJobs,
  type ViewingEvent,
  type ViewingMailJob,
} from './viewing-mail-job.js'

/** How far back `GET /api/bookings` lists past viewings. */
const pastDays = 30
/** The longest a list reads of each part: upcoming, past. */
const listLimits = { upcoming: 500, past: 100 }
/** A slot's longest length: a booking that started this long ago may not have ended yet. */
const longestMs = 240 * 60_000

/** A booking with what its event and its line in the list need (plan: viewings.plans.test.ts). */
export const bookingDetailsQuery = (kysely: Kysely<Database>) =>
  kysely
    .selectFrom('viewing_booking as booking')
    .innerJoin('viewing_slot as slot', 'slot.id', 'booking.slotId')
    .innerJoin('listing', 'listing.id', 'booking.listingId')
    .innerJoin('user as booker', 'booker.id', 'booking.bookerId')
    .innerJoin('user as owner', 'owner.id', 'booking.ownerId')
    .select([
      'booking.id',
      'booking.slotId',
      'booking.start',
      'slot.minutes',
      'listing.id as listingId',
      'listing.name as listingName',
      'listing.type as listingType',
      'listing.location',
      'listing.images',
      'listing.status',
      'listing.lat',
      'listing.lng',
      'booker.id as bookerId',
      'booker.name as bookerName',
      'owner.id as ownerId',
      'owner.name as ownerName',
    ])

type BookingDetailsRow = Awaited<
  ReturnType<ReturnType<typeof bookingDetailsQuery>['executeTakeFirstOrThrow']>
>

function toEvent(row: BookingDetailsRow): ViewingEvent {
  return {
    bookingId: row.id,
    slotId: row.slotId,
    listing: {
      id: row.listingId,
      type: row.listingType,
      name: row.listingName,
      location: row.location,
    },
    start: Number(row.start),
    minutes: row.minutes,
    timeZone: listingTimeZone(row),
    booker: { id: row.bookerId, name: row.bookerName },
    owner: { id: row.ownerId, name: row.ownerName },
  }
}

/** The line a booking, or its cancellation, writes in the conversation with the owner. */
export const bookingLine = (kind: 'booked' | 'cancelled', event: ViewingEvent) => {
  const time = formatViewingTime(event.start, event.minutes, event.timeZone)
  return kind === 'booked' ? `Booked a viewing: ${time}` : `Cancelled the viewing: ${time}`
}

export function createBookingQueries(deps: {
  db: Db
  media: Pick<MediaStore, 'imageUrl'>
  jobs: Pick<JobQueue, 'enqueue'>
  conversations: Pick<ConversationQueries, 'writeAbout'>
  /** counts a booking in the listing's statistics */
  countActivity?: CountActivity
}) {
  const { db, media, jobs, conversations, countActivity = countNothing } = deps
  const { kysely } = db

  function toDetails(row: BookingDetailsRow): BookingDetails {
    const [cover] = JSON.parse(row.images) as string[]
    return {
      id: row.id,
      slotId: row.slotId,
      start: new Date(Number(row.start)).toISOString(),
      minutes: row.minutes,
      listingId: row.listingId,
      listing: {
        id: row.listingId,
        name: row.listingName,
        type: row.listingType,
        location: row.location,
        imageUrl: cover === undefined ? null : media.imageUrl(cover),
        status: row.status,
      },
      timeZone: listingTimeZone(row),
      booker: { id: row.bookerId, name: row.bookerName },
      owner: { id: row.ownerId, name: row.ownerName },
    }
  }

  /** Removes a booking and gives its place back; false when it was gone already. */
  async function removeBooking(trx: Kysely<Database>, booking: { id: string; slotId: string }) {
    const deleted = await trx
      .deleteFrom('viewing_booking')
      .where('id', '=', booking.id)
      .executeTakeFirst()
    if (Number(deleted.numDeletedRows) === 0) return false
    await trx
      .updateTable('viewing_slot')
      .set((eb) => ({ booked: eb('booked', '-', 1) }))
      .where('id', '=', booking.slotId)
      .execute()
    return true
  }

  return {
    /**
     * Books a place at the slot for `bookerId`. Throws a ViewingError: 404 no such slot, 403 their
     * own listing, 409 started, closed, already booked by them, or full.
     */
    async book(slotId: string, bookerId: string, now = Date.now()): Promise<Booking> {
      const booking = await kysely.transaction().execute(async (trx): Promise<Booking> => {
        // The listing's row in share mode: closing it, or replacing its slots, waits for this
        // booking to be made, and then cancels or keeps it.
        const share = db.dialect === 'postgres' ? sql`for share of listing` : sql``
        const { rows } = await sql<{
          start: number
          minutes: number
          listingId: string
          ownerId: string
          status: string
          booked: number
          capacity: number
        }>`
          select slot.start, slot.minutes, slot.booked, slot.capacity, listing.id as "listingId",
            listing."userRef" as "ownerId", listing.status
          from viewing_slot as slot inner join listing on listing.id = slot."listingId"
          where slot.id = ${slotId} ${share}`.execute(trx)
        const slot = rows[0]
        if (!slot) throw new ViewingError(404, viewingMessages.slotNotFound)
        if (slot.ownerId === bookerId) throw new ViewingError(403, viewingMessages.ownListing)
        const start = Number(slot.start)
        if (start <= now) throw new ViewingError(409, viewingMessages.started)
        if (slot.status !== 'active') {
          throw new ViewingError(409, closedForViewings(slot.status as 'sold' | 'rented'))
        }
        const id = newId()
        const inserted = await trx
          .insertInto('viewing_booking')
          .values({
            id,
            slotId,
            bookerId,
            listingId: slot.listingId,
            ownerId: slot.ownerId,
            start,
            createdAt: now,
          })
          .onConflict((conflict) => conflict.columns(['slotId', 'bookerId']).doNothing())
          .executeTakeFirst()
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          throw new ViewingError(409, viewingMessages.alreadyBooked)
        }
        // Full when read: no need to write the rest. Only the update below holds the capacity.
        if (Number(slot.booked) >= slot.capacity) throw new ViewingError(409, viewingMessages.full)
        const event = toEvent(
          await bookingDetailsQuery(trx).where('booking.id', '=', id).executeTakeFirstOrThrow(),
        )
        await conversations.writeAbout(
          trx,
          { id: event.listing.id, userRef: event.owner.id },
          bookerId,
          { senderId: bookerId, body: bookingLine('booked', event), mail: false },
          now,
        )
        await jobs.enqueue(trx, bookedMailJobs(event, now), now)
        // The one statement that holds the capacity: a place is taken only while one is left. Last,
        // so that the slot's row stays locked only until the commit: the people booking the same
        // slot at that moment wait for each other that long, each on a pooled connection.
        const taken = await trx
          .updateTable('viewing_slot')
          .set((eb) => ({ booked: eb('booked', '+', 1) }))
          .where('id', '=', slotId)
          .where((eb) => eb('booked', '<', eb.ref('capacity')))
          .executeTakeFirst()
        if (Number(taken.numUpdatedRows) === 0) throw new ViewingError(409, viewingMessages.full)
        return {
          id,
          slotId,
          start: new Date(start).toISOString(),
          minutes: slot.minutes,
          listingId: slot.listingId,
        }
      })
      await countActivity(booking.listingId, 'bookings')
      return booking
    },

    /**
     * Cancels a booking as `userId`, its booker or the listing's owner. Throws a ViewingError: 404
     * no such booking (or not theirs), 409 the viewing has started.
     */
    async cancel(bookingId: string, userId: string, now = Date.now()): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const row = await bookingDetailsQuery(trx)
          .where('booking.id', '=', bookingId)
          .executeTakeFirst()
        if (!row || (row.bookerId !== userId && row.ownerId !== userId)) {
          throw new ViewingError(404, viewingMessages.bookingNotFound)
        }
        if (Number(row.start) <= now) throw new ViewingError(409, viewingMessages.started)
        // Cancelled meanwhile by the other party, or a second click: it is gone either way.
        if (!(await removeBooking(trx, row))) {
          throw new ViewingError(404, viewingMessages.bookingNotFound)
        }
        const event = toEvent(row)
        await conversations.writeAbout(
          trx,
          { id: event.listing.id, userRef: event.owner.id },
          event.booker.id,
          { senderId: userId, body: bookingLine('cancelled', event), mail: false },
          now,
        )
        const cancelledBy: ViewingMailJob['cancelledBy'] =
          userId === event.booker.id ? 'booker' : 'owner'
        await jobs.enqueue(trx, cancelledMailJobs(event, now, { cancelledBy }), now)
      })
    },

    /**
     * Cancels the listing's future bookings inside the caller's transaction, mailing both parties:
     * when the listing closes or is deleted. The caller holds the listing's row.
     */
    async cancelFutureBookings(
      trx: Kysely<Database>,
      listingId: string,
      now: number,
      cause: Pick<ViewingMailJob, 'closedAs'>,
    ): Promise<number> {
      const rows = await bookingDetailsQuery(trx)
        .where('booking.listingId', '=', listingId)
        .where('booking.start', '>', now)
        .execute()
      for (const row of rows) await removeBooking(trx, row)
      const mails = rows.flatMap((row) =>
        cancelledMailJobs(toEvent(row), now, { cancelledBy: 'owner', ...cause }),
      )
      await jobs.enqueue(trx, mails, now)
      return rows.length
    },

    /** The booking as an event, for its booker or the listing's owner; undefined for anyone else. */
    async eventFor(bookingId: string, userId: string): Promise<ViewingEvent | undefined> {
      const row = await bookingDetailsQuery(kysely)
        .where('booking.id', '=', bookingId)
        .executeTakeFirst()
      return row && (row.bookerId === userId || row.ownerId === userId) ? toEvent(row) : undefined
    },

    /**
     * `userId`'s bookings and the bookings of their listings: upcoming ones soonest first, then
     * those of the past 30 days, latest first.
     */
    async list(userId: string, now = Date.now()): Promise<BookingDetails[]> {
      // One index range each: (bookerId, start) or (ownerId, start), upcoming or past.
      const upcomingOf = (column: 'booking.bookerId' | 'booking.ownerId') =>
        bookingDetailsQuery(kysely)
          .where(column, '=', userId)
          .where('booking.start', '>', now - longestMs)
          .orderBy('booking.start')
          .limit(listLimits.upcoming)
          .execute()
      const pastOf = (column: 'booking.bookerId' | 'booking.ownerId') =>
        bookingDetailsQuery(kysely)
          .where(column, '=', userId)
          .where('booking.start', '>', now - pastDays * 24 * 3600_000)
          .where('booking.start', '<=', now)
          .orderBy('booking.start', 'desc')
          .limit(listLimits.past)
          .execute()
      const [bookerUpcoming, ownerUpcoming, bookerPast, ownerPast] = await Promise.all([
        upcomingOf('booking.bookerId'),
        upcomingOf('booking.ownerId'),
        pastOf('booking.bookerId'),
        pastOf('booking.ownerId'),
      ])
      const ended = (row: BookingDetailsRow) => Number(row.start) + row.minutes * 60_000 <= now
      const byStart = (a: BookingDetailsRow, b: BookingDetailsRow) =>
        Number(a.start) - Number(b.start) || a.id.localeCompare(b.id)
      const upcoming = [...bookerUpcoming, ...ownerUpcoming]
        .filter((row) => !ended(row))
        .sort(byStart)
      const past = [...bookerPast, ...ownerPast].filter(ended).sort((a, b) => byStart(b, a))
      return [...upcoming, ...past].map(toDetails)
    },
  }
}

export type BookingQueries = ReturnType<typeof createBookingQueries>
