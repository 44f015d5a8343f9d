// A listing's viewing slots: read by anyone (with the caller's own booking, and for the owner who
// booked), replaced by the owner as a whole, booked slots always kept.
import { sql } from 'kysely'
import type { SlotBooking, ViewingSlot } from '../../shared/viewing.js'
import { viewingLimits, viewingMessages } from '../../shared/viewing.js'
import { formatViewingTime } from '../../shared/viewing-time.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import { ViewingError } from './viewing-error.js'

/** A slot as the owner asks for it, its start read already (ms since the epoch). */
export interface SlotRequest {
  start: number
  minutes: number
  capacity: number
}

const sameSlot = (a: SlotRequest, b: SlotRequest) =>
  a.start === b.start && a.minutes === b.minutes && a.capacity === b.capacity

export function createViewingSlotQueries(db: Db) {
  const { kysely } = db

  /** The listing's slots that start after `now`, in time order (plan: viewings.plans.test.ts). */
  const futureSlotsQuery = (listingId: string, now: number) =>
    kysely
      .selectFrom('viewing_slot')
      .select(['id', 'start', 'minutes', 'capacity', 'booked'])
      .where('listingId', '=', listingId)
      .where('start', '>', now)
      .orderBy('start')
      .orderBy('id')

  return {
    futureSlotsQuery,

    /**
     * The listing's future slots as `callerId` sees them: their own booking of each, and for the
     * owner who booked it.
     */
    async list(
      listing: { id: string; userRef: string },
      callerId: string | undefined,
      now: number,
    ): Promise<ViewingSlot[]> {
      const rows = await futureSlotsQuery(listing.id, now).execute()
      const slots: ViewingSlot[] = rows.map((row) => ({
        id: row.id,
        start: new Date(Number(row.start)).toISOString(),
        minutes: row.minutes,
        capacity: row.capacity,
        booked: Number(row.booked),
      }))
      if (callerId === undefined || slots.length === 0) return slots
      if (callerId === listing.userRef) {
        const bookings = await kysely
          .selectFrom('viewing_booking')
          .innerJoin('user', 'user.id', 'viewing_booking.bookerId')
          .select([
            'viewing_booking.id',
            'viewing_booking.slotId',
            'user.id as bookerId',
            'user.name',
          ])
          .where('viewing_booking.listingId', '=', listing.id)
          .where('viewing_booking.start', '>', now)
          .orderBy('viewing_booking.createdAt')
          .orderBy('viewing_booking.id')
          .execute()
        const bySlot = new Map<string, SlotBooking[]>()
        for (const row of bookings) {
          const list = bySlot.get(row.slotId) ?? []
          list.push({ id: row.id, booker: { id: row.bookerId, name: row.name } })
          bySlot.set(row.slotId, list)
        }
        return slots.map((slot) => ({ ...slot, bookings: bySlot.get(slot.id) ?? [] }))
      }
      const mine = await kysely
        .selectFrom('viewing_booking')
        .select(['id', 'slotId'])
        .where('bookerId', '=', callerId)
        .where('start', '>', now)
        .where('listingId', '=', listing.id)
        .execute()
      const myBooking = new Map(mine.map((row) => [row.slotId, row.id]))
      return slots.map((slot) => {
        const myBookingId = myBooking.get(slot.id)
        return myBookingId === undefined ? slot : { ...slot, myBookingId }
      })
    },

    /**
     * Makes the listing's future slots `requests`, keeping every booked one: an unbooked slot not
     * asked for again is removed, and one asked for that does not exist is added. Throws a 400
     * naming `slots` when two would overlap or there would be too many.
     */
    async replace(
      listing: { id: string; timeZone: string },
      requests: SlotRequest[],
      now: number,
    ): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        // Bookings hold the listing's row in share mode (bookings.queries.ts): none is made
        // between this read and the removals below.
        if (db.dialect === 'postgres') {
          await sql`select 1 from listing where id = ${listing.id} for update`.execute(trx)
        }
        const existing = await trx
          .selectFrom('viewing_slot')
          .select(['id', 'start', 'minutes', 'capacity', 'booked'])
          .where('listingId', '=', listing.id)
          .where('start', '>', now)
          .execute()
        const stored = existing.map((row) => ({
          ...row,
          start: Number(row.start),
          booked: Number(row.booked),
        }))
        const kept = stored.filter(
          (slot) => slot.booked > 0 || requests.some((request) => sameSlot(request, slot)),
        )
        const removed = stored.filter((slot) => !kept.includes(slot))
        const added = requests.filter((request) => !stored.some((slot) => sameSlot(request, slot)))
        const wanted: SlotRequest[] = [...kept, ...added].sort((a, b) => a.start - b.start)
        if (wanted.length > viewingLimits.maxSlots) {
          throw new ViewingError(400, 'Invalid viewing times', {
            slots: `A listing has at most ${viewingLimits.maxSlots} viewing times`,
          })
        }
        for (let index = 1; index < wanted.length; index++) {
          const before = wanted[index - 1]!
          const after = wanted[index]!
          if (before.start + before.minutes * 60_000 > after.start) {
            const time = (slot: SlotRequest) =>
              formatViewingTime(slot.start, slot.minutes, listing.timeZone)
            throw new ViewingError(400, viewingMessages.overlap, {
              slots: `${time(before)} overlaps ${time(after)}`,
            })
          }
        }
        if (removed.length > 0) {
          await trx
            .deleteFrom('viewing_slot')
            .where(
              'id',
              'in',
              removed.map((slot) => slot.id),
            )
            .where('booked', '=', 0)
            .execute()
        }
        if (added.length > 0) {
          await trx
            .insertInto('viewing_slot')
            .values(added.map((request) => ({ id: newId(), listingId: listing.id, ...request })))
            .execute()
        }
      })
    },
  }
}

export type ViewingSlotQueries = ReturnType<typeof createViewingSlotQueries>
