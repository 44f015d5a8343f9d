// One page of a listing query as GET /api/listings sends it: the listings, and the cursor of the
// next page. The server-rendered list screens read their first page here too, so the data written
// into them is the API's response to the byte.
import { decodeCursor, encodeCursor } from '../../shared/listing-cursor.js'
import type { ListingQuery } from '../../shared/listing-query.js'
import type { ListingPage } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { MediaStore } from '../media/media-store.js'
import { filterFingerprint } from './filter-fingerprint.js'
import { toListing, type Versioned } from './listings.queries.js'
import { readListingRows } from './search/listing-rows.js'
import { listedStatuses, sortValue } from './search/search-conditions.js'

/** A cursor made for another sort or another filter: it continues only the list it came from. */
export class CursorMismatchError extends Error {
  constructor() {
    super('This cursor belongs to another sort or other filters')
  }
}

/** The page; `ownerAsking` when the signed-in owner asks for their own list (every status). */
export async function readListingPage(
  { db, media, now }: { db: Db; media: MediaStore; now: () => number },
  query: ListingQuery,
  { ownerAsking = false } = {},
): Promise<Versioned<ListingPage>> {
  const fingerprint = filterFingerprint(query.filter)
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor)
    if (!cursor || cursor.sort !== query.sort || cursor.fingerprint !== fingerprint) {
      throw new CursorMismatchError()
    }
  }
  const rows = await readListingRows(db, query, listedStatuses(query.filter, ownerAsking))
  const last = rows.at(-1)
  // The spec's states: the cursor is set after every fetch that returned something, even a short
  // page, so 'Load More' stays until a fetch comes back empty.
  const nextCursor = last
    ? encodeCursor({
        sort: query.sort,
        value: sortValue(last, query.sort),
        id: last.id,
        fingerprint,
      })
    : null
  return {
    value: { items: rows.map((row) => toListing(media, row, now())), nextCursor },
    version: rows[0]?.version ?? undefined,
  }
}
