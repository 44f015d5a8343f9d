// The saved searches a new listing may match, read through the indexes on their place keys
// (search-place.ts) rather than every search of its type and price. The key only narrows: the
// alerts check each candidate's whole filter on the listing.
import { sql, type Kysely } from 'kysely'
import type { Listing } from '../../shared/listing.js'
import type { Database } from '../db/schema.js'
import { wordsOf } from '../listings/search-words.js'
import { placeCell, wordStarts } from './search-place.js'

/**
 * What a search without a price bound stores in the index's expressions, as the migrations that
 * made those indexes wrote it: a query must repeat them exactly for the index to serve it.
 */
export const noPriceBound = { min: 0, max: 2147483647 } as const

/** The words a search's words must begin: the listing's name's, location's and description's. */
export function listingWords(
  listing: Pick<Listing, 'name' | 'location'> & Pick<Partial<Listing>, 'description'>,
): string[] {
  return [...new Set(wordsOf(`${listing.name} ${listing.location} ${listing.description ?? ''}`))]
}

/**
 * The saved searches with alerts that a listing of this type, price, place and words may match
 * (their own filters decide), other than its owner's: one index range per kind of place — those
 * whose word begins one of the listing's words, those whose box covers its grid cell, those of no
 * place — each narrowed by type and price.
 */
export function alertCandidatesQuery(
  kysely: Kysely<Database>,
  listing: Pick<Listing, 'type' | 'userRef' | 'name' | 'location' | 'geolocation'> & {
    price: number
  },
  words: string[] = listingWords(listing),
) {
  const columns = ['id', 'userId', 'query', 'alerts', 'createdAt'] as const
  /** The index's own expressions, on either table's copy of the bounds. */
  const typeAndPrice = (table: 'saved_search' | 'cell') => {
    const column = (name: string) => sql.ref(`${table}.${name}`)
    return sql<boolean>`coalesce(${column('type')}, '') in (${listing.type}, '')
      and coalesce(${column('maxPrice')}, ${sql.lit(noPriceBound.max)}) >= ${listing.price}
      and coalesce(${column('minPrice')}, ${sql.lit(noPriceBound.min)}) <= ${listing.price}`
  }
  // A listing without words has no start to offer; '' is no search's word.
  const starts = wordStarts(words)
  const byWord = kysely
    .selectFrom('saved_search')
    .select(columns)
    .where('placeKind', '=', 'word')
    .where('placeWord', 'in', starts.length > 0 ? starts : [''])
    .where(typeAndPrice('saved_search'))
    .where('alerts', '<>', 'off')
    .where('userId', '<>', listing.userRef)
  const byCell = kysely
    .selectFrom('saved_search_cell as cell')
    .innerJoin('saved_search', 'saved_search.id', 'cell.savedSearchId')
    .select(columns.map((column) => `saved_search.${column}` as const))
    .where('cell.cell', '=', placeCell(listing.geolocation.lat, listing.geolocation.lng))
    .where(typeAndPrice('cell'))
    .where('saved_search.alerts', '<>', 'off')
    .where('saved_search.userId', '<>', listing.userRef)
  const anywhere = kysely
    .selectFrom('saved_search')
    .select(columns)
    .where('placeKind', '=', 'none')
    .where(typeAndPrice('saved_search'))
    .where('alerts', '<>', 'off')
    .where('userId', '<>', listing.userRef)
  return byWord.unionAll(byCell).unionAll(anywhere)
}
