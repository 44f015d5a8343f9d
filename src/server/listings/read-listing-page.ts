// One page of a list as GET /api/listings answers it: the listings, and the cursor of the next
// page. The server-rendered list screens read their first page here too, so the data written into
// them is the API's answer to the byte.
import type { ListingPage } from '../../shared/listing.js'
import {
  filterParameters,
  type ListingFilter,
  type ListingSort,
} from '../../shared/listing-requests.js'
import { encodeCursor, filterFingerprint } from './cursor.js'
import type { ListingQueries, Versioned } from './listings.queries.js'
import type { SortKey } from './search.queries.js'

export async function readListingPage(
  listings: ListingQueries,
  page: { filter: ListingFilter; sort: ListingSort; limit: number; after?: SortKey },
): Promise<Versioned<ListingPage>> {
  const { filter, sort, limit, after } = page
  const read = await listings.readPage(filter, limit, after, sort)
  const filters = filterFingerprint(filterParameters(filter))
  // The spec's states: the cursor is set after every fetch that returned something, even a short
  // page, so 'Load More' stays until a fetch comes back empty.
  const nextCursor = read.last ? encodeCursor({ sort, after: read.last, filters }) : null
  return { value: { items: read.value, nextCursor }, version: read.version }
}
