// Who owns which listings, for features that keep figures per listing (listing-stats/).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { batches } from '../lib/batches.js'

/** The owners of the listings of `ids`, by the primary key. */
export const listingOwnersQuery = (kysely: Kysely<Database>, ids: readonly string[]) =>
  kysely.selectFrom('listing').select(['id', 'userRef']).where('id', 'in', ids)

/** A user's listings, of every status, newest first, by the owner's list index. */
export const ownListingsQuery = (kysely: Kysely<Database>, userId: string) =>
  kysely
    .selectFrom('listing')
    .select(['id', 'name'])
    .where('userRef', '=', userId)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')

/** The owner of each listing of `ids` that exists, by the listing's id. */
export async function listingOwners(
  kysely: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>()
  for (const batch of batches([...new Set(ids)], 500)) {
    for (const row of await listingOwnersQuery(kysely, batch).execute()) {
      owners.set(row.id, row.userRef)
    }
  }
  return owners
}

/** The ids and names of a user's listings, of every status, newest first. */
export function ownListings(
  kysely: Kysely<Database>,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  return ownListingsQuery(kysely, userId).execute()
}
