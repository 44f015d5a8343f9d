// The search page's address read back with the one listing query parser, in a module of its own so
// that the pages that only link to a search (Explore, Category, Offers) do not load zod.
import { readListingSearch } from './listing-query-schema.js'
import type { SearchState } from './search-state.js'

/** The search and the view a search page's address describes; bad values are dropped. */
export function readSearch(params: URLSearchParams): SearchState {
  return {
    ...readListingSearch(params),
    view: params.get('view') === 'map' ? 'map' : 'list',
  }
}
