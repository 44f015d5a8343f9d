// The status of listings named by id, for the saved-search alerts that hold their ids.
import type { Kysely } from 'kysely'
import type { ListingStatus } from '../../shared/listing.js'
import type { Database } from '../db/schema.js'
import { batches } from '../lib/batches.js'

/** The listings of these ids that still exist, each read by its key. */
export function listingStatusesQuery(kysely: Kysely<Database>, ids: readonly string[]) {
  return kysely
    .selectFrom('listing')
    .select(['id', 'status', 'timestamp'])
    .where('id', 'in', ids.length > 0 ? ids : [''])
}

/** The listings of these ids that still exist, newest first. */
export async function listingStatusesNewestFirst(
  kysely: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; status: ListingStatus }[]> {
  const rows = []
  for (const batch of batches(ids, 500)) {
    rows.push(...(await listingStatusesQuery(kysely, batch).execute()))
  }
  return rows
    .sort((a, b) => Number(b.timestamp) - Number(a.timestamp) || (a.id < b.id ? 1 : -1))
    .map(({ id, status }) => ({ id, status }))
}
