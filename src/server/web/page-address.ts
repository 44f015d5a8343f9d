// The address a page is rendered for and kept under, and a list page's cursor in it.
import { cursorParameter } from '../../shared/listing-requests.js'
import { readSearch } from '../../shared/read-search.js'
import { searchPath } from '../../shared/search-state.js'
import { screens } from '../../shared/screens.js'

/** The `cursor` of a list page's address, if any. */
export const cursorOf = (search: URLSearchParams) => search.get(cursorParameter) ?? undefined

/** `address` with `cursor` set in its query (added, or in place of the one it has). */
export function withCursor(address: string, cursor: string | undefined): string {
  if (cursor === undefined) return address
  const url = new URL(address, 'http://page.invalid')
  url.searchParams.set(cursorParameter, cursor)
  return `${url.pathname}${url.search}`
}

/**
 * The address a page is rendered for and kept under: its path, and the query parameters it reads: a
 * search as the page writes it (its view included), a list's cursor (a landlord's page has a
 * list too), the contact page's listing.
 * Other query parameters change nothing that is rendered, so a link with a tracking parameter, or a
 * flood of made-up ones, gets the page already rendered.
 */
export function pageAddress(path: string, search: URLSearchParams): string {
  const normalized = path.replace(/\/+$/, '') || '/'
  if (normalized === screens.search.path) {
    return withCursor(searchPath(readSearch(search)), cursorOf(search))
  }
  if (
    normalized === screens.offers.path ||
    /^\/category\/[^/]+$/.test(normalized) ||
    /^\/users\/[^/]+$/.test(normalized)
  ) {
    return withCursor(normalized, cursorOf(search))
  }
  if (/^\/contact\/[^/]+$/.test(normalized)) {
    const query = new URLSearchParams()
    for (const name of ['listingName', 'listingId']) {
      const value = search.get(name)
      if (value !== null) query.set(name, value)
    }
    return query.size > 0 ? `${normalized}?${query}` : normalized
  }
  return normalized
}
