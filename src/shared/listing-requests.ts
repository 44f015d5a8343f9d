// The list reads' query strings, built in one place: the browser fetches them and the server
// preloads them in the page's <head>, and a preload is only used when both are the same to the byte.
import type { ListingType } from './listing.js'

export interface ListingFilter {
  type?: ListingType
  offer?: boolean
  userRef?: string
}

export interface ListingsQuery {
  type?: ListingType
  offer?: 'true' | 'false'
  userRef?: string
  limit: string
  cursor?: string
}

/** The query of `GET /api/listings`, its keys always in this order. */
export function listingsQuery(
  filter: ListingFilter,
  limit: number,
  cursor?: string,
): ListingsQuery {
  return {
    ...(filter.type && { type: filter.type }),
    ...(filter.offer !== undefined && { offer: filter.offer ? 'true' : 'false' }),
    ...(filter.userRef && { userRef: filter.userRef }),
    limit: String(limit),
    ...(cursor && { cursor }),
  }
}

/** `/api/listings?type=rent&limit=10`, as the typed client writes it. */
export function listingsPath(filter: ListingFilter, limit: number): string {
  const query = Object.entries(listingsQuery(filter, limit)) as [string, string][]
  return `/api/listings?${new URLSearchParams(query).toString()}`
}

export function listingPath(id: string): string {
  return `/api/listings/${encodeURIComponent(id)}`
}
