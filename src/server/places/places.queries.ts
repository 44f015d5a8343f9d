// The `place` table (migration 020): the places that have listings, with their count of listings
// on the market, and the place a listing is tied to.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'

export interface PlaceRow {
  id: number
  /** the name as normalizePlace writes it */
  key: string
  population: number
}

/** Makes the places' rows if they are not there yet; their counts are the triggers' work. */
export async function ensurePlaces(db: Kysely<Database>, places: PlaceRow[]): Promise<void> {
  if (places.length === 0) return
  await db
    .insertInto('place')
    .values(places)
    // A row the count triggers made first has no key yet.
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          key: eb.ref('excluded.key'),
          population: eb.ref('excluded.population'),
        }))
        .where('place.key', '=', ''),
    )
    .execute()
}

/**
 * The busiest places whose key starts with `prefix`, most listings first, then the most
 * populous: a range of the `place_key` index, sorted.
 */
export function busiestPlacesQuery(db: Db, prefix: string, limit: number) {
  return sql<{ id: number; listings: number | string }>`
    select "id", "listings" from place
    where "key" >= ${prefix} and "key" < ${`${prefix}\u{10FFFF}`} and "listings" > 0
    order by "listings" desc, "population" desc, "id"
    limit ${limit}`
}

export async function busiestPlaces(
  db: Db,
  prefix: string,
  limit: number,
): Promise<{ id: number; listings: number }[]> {
  const { rows } = await busiestPlacesQuery(db, prefix, limit).execute(db.kysely)
  return rows.map((row) => ({ id: Number(row.id), listings: Number(row.listings) }))
}

/** A place's count of listings on the market; 0 when it has none. */
export async function placeListings(db: Db, id: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('place')
    .select('listings')
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? Number(row.listings) : 0
}

/** The place a listing is tied to, or null (none within 50 km, or no such listing). */
export async function listingPlaceId(
  db: Kysely<Database>,
  listingId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('listing')
    .select('placeId')
    .where('id', '=', listingId)
    .executeTakeFirst()
  return row?.placeId ?? null
}
