// Viewing slots and their bookings written straight to their tables in batches, for the query plan
// test: thousands in a second, where the API would book them one by one. The rows are what the
// API would have stored: each booking copies its slot's listing, owner and start, and `booked`
// counts the slot's bookings.
import type { Db } from '../../src/server/db/database'
import { newId } from '../../src/server/ids'

export interface SlotRows {
  listingId: string
  /** the listing's owner */
  ownerId: string
  /** milliseconds since the epoch */
  start: number
  minutes: number
  capacity: number
  /** who booked a place, at most `capacity` of them */
  bookerIds: string[]
}

const batchSize = 500

/** Inserts the slots and their bookings; returns the slots' ids, in order. */
export async function insertSlots(db: Db, slots: SlotRows[]): Promise<string[]> {
  const ids = slots.map(() => newId())
  const bookings = slots.flatMap((slot, n) =>
    slot.bookerIds.map((bookerId, k) => ({
      id: newId(),
      slotId: ids[n]!,
      bookerId,
      listingId: slot.listingId,
      ownerId: slot.ownerId,
      start: slot.start,
      createdAt: slot.start - 7 * 24 * 3600_000 + k * 60_000,
    })),
  )
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < slots.length; start += batchSize) {
      await trx
        .insertInto('viewing_slot')
        .values(
          slots.slice(start, start + batchSize).map((slot, offset) => ({
            id: ids[start + offset]!,
            listingId: slot.listingId,
            start: slot.start,
            minutes: slot.minutes,
            capacity: slot.capacity,
            booked: slot.bookerIds.length,
          })),
        )
        .execute()
    }
    for (let start = 0; start < bookings.length; start += batchSize) {
      await trx
        .insertInto('viewing_booking')
        .values(bookings.slice(start, start + batchSize))
        .execute()
    }
  })
  return ids
}
