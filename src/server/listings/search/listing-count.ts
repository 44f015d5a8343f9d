// How many listings on the market match a filter: the search page's count, in one statement that
// reads the same index as the map (the box's R*Tree, or the text index, on SQLite).
import { sql } from 'kysely'
import type { ListingCount } from '../../../shared/listing-count.js'
import { worldBbox, type ListingFilter } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import type { Versioned } from '../listings.queries.js'
import { mapMatches } from './map-matches.js'

/** The count, with the listings' version the same statement saw. */
export async function countListings(
  db: Db,
  filter: ListingFilter,
): Promise<Versioned<ListingCount>> {
  const { rows } = await sql<{ total: number | string; version: string | null }>`
    select count(*) as "total", (select "version" from listing_version) as "version"
    from ${mapMatches(db, filter, filter.bbox ?? worldBbox)}`.execute(db.kysely)
  const row = rows[0]!
  return { value: { total: Number(row.total) }, version: row.version ?? undefined }
}
