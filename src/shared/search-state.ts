// The search page's whole state lives in its URL, so that a search is a link to share, reload and
// go back to: written here in the API's own parameter order (read-search.ts reads it back).
import { listingQueryParameters, type ListingSearch } from './listing-query.js'
import { screens } from './screens.js'

/** On a phone the results show as a list or on a map; a desktop shows both. */
export type SearchView = 'list' | 'map'

export interface SearchState extends ListingSearch {
  view: SearchView
}

/** The query of a search, its parameters in the API's order; the defaults are left out. */
export function searchQuery({ filter = {}, sort = 'newest', view = 'list' }: Partial<SearchState>) {
  // The search page searches every owner's listings.
  const params = new URLSearchParams(
    listingQueryParameters({ filter: { ...filter, userRef: undefined }, sort }),
  )
  if (view !== 'list') params.set('view', view)
  return params.toString()
}

/** `/search?type=rent&minBedrooms=2`: the search page showing this search. */
export function searchPath(state: Partial<SearchState> = {}): string {
  const query = searchQuery(state)
  return query ? `${screens.search.path}?${query}` : screens.search.path
}
