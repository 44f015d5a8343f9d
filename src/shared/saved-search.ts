// A saved search as the API sends it, and its limits (the contract's saved searches).
import type { ErrorBody } from './error-body.js'
import { listingQueryParameters, type ListingSearch } from './listing-query.js'

export const alertFrequencies = ['instant', 'daily', 'off'] as const
export type AlertFrequency = (typeof alertFrequencies)[number]

export interface SavedSearch {
  id: string
  name: string
  /** the search parameters of GET /api/listings, as strings, in canonical order; no cursor, no limit */
  query: Record<string, string>
  alerts: AlertFrequency
  /** ISO 8601 */
  createdAt: string
}

/** GET /api/saved-searches: the caller's own, newest first. */
export interface SavedSearchList {
  items: SavedSearch[]
}

/** POST /api/saved-searches; an absent or blank name is the search's summary (search-summary.ts). */
export interface NewSavedSearch {
  name?: string
  query: Record<string, string>
  alerts: AlertFrequency
}

/** PATCH /api/saved-searches/:id: any of these, at least one. */
export type SavedSearchChange = Partial<NewSavedSearch>

/** The error response of a save; a search the caller already saved (409) names that one. */
export interface SavedSearchErrorBody extends ErrorBody {
  id?: string
}

export const savedSearchLimits = {
  perUser: 20,
  nameLength: { min: 1, max: 100 },
} as const

/** A search as a saved search's `query`: the filters in the API's order, then the sort unless newest. */
export function savedSearchQuery(search: ListingSearch): Record<string, string> {
  return Object.fromEntries(listingQueryParameters(search))
}
