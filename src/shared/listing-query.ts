// A search of the listings as one value, the same from the address bar to the SQL: the filter, the
// sort, the page size and the cursor. listing-query-schema.ts parses it from a URL's parameters
// (the browser's address, the API, a saved search, a server-rendered page); this module writes it
// back, in one canonical order, and loads no zod, so that pages that only link to a search stay small.
import { filterParameters, type ListingFilter, type ListingSort } from './listing-requests.js'

export interface ListingQuery {
  filter: ListingFilter
  sort: ListingSort
  /** listings per page */
  limit: number
  /** the `nextCursor` of the page before, absent for the first page (listing-cursor.ts) */
  cursor?: string
}

/** A search without its page: what a saved search keeps and the search page's address shows. */
export type ListingSearch = Pick<ListingQuery, 'filter' | 'sort'>

/**
 * The query's parameters in their one canonical order: the filter's (`filterParameters`), then the
 * sort unless it is newest, the limit and the cursor when given. Responses are cached under the
 * request as sent, so every writer of a query writes it with these to the byte.
 */
export function listingQueryParameters(query: Partial<ListingQuery>): [string, string][] {
  const parameters = filterParameters(query.filter ?? {})
  if (query.sort !== undefined && query.sort !== 'newest') parameters.push(['sort', query.sort])
  if (query.limit !== undefined) parameters.push(['limit', String(query.limit)])
  if (query.cursor !== undefined) parameters.push(['cursor', query.cursor])
  return parameters
}

/** `/api/listings?type=rent&limit=10`: the API request of a page of the query. */
export function listingsPath(query: ListingQuery): string {
  return `/api/listings?${new URLSearchParams(listingQueryParameters(query)).toString()}`
}
