// One search, one address: the search page's canonical link, and the URL the page itself writes
// (search-state.ts), name a search with its parameters in one order and its defaults left out.
import { readSearch } from './read-search.js'
import { searchPath } from './search-state.js'

/**
 * `/search?minBedrooms=2&type=rent&utm_source=x` → `/search?type=rent&minBedrooms=2`. What the
 * search page would not read (bad values, unknown parameters) is dropped, and so is the view: the
 * list and the map show the same search.
 */
export function canonicalSearchPath(params: URLSearchParams): string {
  const { filter, sort } = readSearch(params)
  return searchPath({ filter, sort })
}
