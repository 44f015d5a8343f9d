// The search page's URL read back with the API's own schemas, in a module of its own so that the
// pages that only link to a search (Explore, Category, Offers) do not load zod.
import { listingFilterSchema, listingSortSchema } from './listing-filter-schema.js'
import type { SearchState } from './search-state.js'

/** The parameters a search page reads; any other (`userRef`, `cursor`, …) is left alone. */
const filterNames = [
  'q',
  'type',
  'offer',
  'minPrice',
  'maxPrice',
  'minBedrooms',
  'minBathrooms',
  'parking',
  'furnished',
  'bbox',
] as const

/**
 * The search a URL's query describes. A bad value drops its own parameter and the rest still
 * apply: a link cut short, or edited by hand, shows the nearest search rather than an error.
 */
export function readSearch(params: URLSearchParams): SearchState {
  let given: Partial<Record<string, string>> = {}
  for (const name of filterNames) {
    const value = params.get(name)
    if (value !== null) given[name] = value
  }
  let parsed = listingFilterSchema.safeParse(given)
  // A second pass is only needed when the values were good one by one but not together
  // (minPrice above maxPrice).
  while (!parsed.success) {
    const before = Object.keys(given).length
    for (const issue of parsed.error.issues) delete given[String(issue.path[0])]
    // Every issue names its parameter; were one not to, no filter at all rather than no end.
    if (Object.keys(given).length === before) given = {}
    parsed = listingFilterSchema.safeParse(given)
  }
  const sort = listingSortSchema.safeParse(params.get('sort') ?? undefined)
  return {
    filter: parsed.data,
    sort: sort.success ? sort.data : 'newest',
    view: params.get('view') === 'map' ? 'map' : 'list',
  }
}
