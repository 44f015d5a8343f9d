// A search's page on PostgreSQL. Its planner judges a word of the text by the share of listings it
// saw with it, and may scan the sort index for a word that is common overall but rare among the
// cheapest listings, reading most of the table. With text, the rarest word that no description
// holds has its rows read from the word table in the sort's order, bounded as on SQLite
// (search/word-index.ts); a word that descriptions hold is read from the GIN indexes when few
// listings hold it, else by a bounded scan of the sort index. What these cannot fill, the GIN
// indexes give whole, sorted.
import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import {
  keysetCondition,
  orderBy,
  sortIndexConditions,
  sortOrders,
  type SearchPage,
} from './search-conditions.js'
import { homeTypePage, homeTypesLead } from './home-type-ranges.js'
import { and, column, readSearchRows, searchColumns, type SearchRow } from './search-rows.js'
import {
  matchesNothing,
  queryWordsOf,
  rarestDescribedWord,
  readWordPage,
  wordsQuery,
} from './word-index.js'
import { queryWords } from '../search-words.js'

/** How many rows of a sort index are scanned before the GIN index's matches are sorted instead. */
const scannedRows = 3000

export async function readPostgresSearchPage(db: Db, page: SearchPage): Promise<SearchRow[]> {
  const { query, cursor, statuses, conditions } = page
  const { filter, sort, limit } = query
  if (filter.q === undefined) {
    const leads = homeTypesLead(filter, statuses)
    return readSearchRows(db, leads ? homeTypePage(db, page) : page.sortIndexScan())
  }
  const words = queryWords(filter.q)
  // The word table holds only listings on the market; the search of an owner's list scans.
  if (words.length > 0 && statuses === 'active') {
    const { rows: found } = await wordsQuery(db.dialect, words).execute(db.kysely)
    const probed = queryWordsOf(words, found)
    if (matchesNothing(probed)) return []
    const read = await readWordPage(db, page, probed)
    if (read?.complete) return read.rows
    // A word that descriptions hold, but few listings: the GIN indexes give them all.
    if (read || rarestDescribedWord(probed)?.few) {
      return readSearchRows(db, textIndexMatches(page))
    }
  }
  const scanned = sql`
    select listing.id, ${column(sortOrders[sort].column)} from listing
    where ${and([...sortIndexConditions(db, filter, sort, statuses), ...keysetCondition(sort, cursor)])}
    order by ${orderBy(sort)} limit ${sql.lit(scannedRows)}`
  // Ordered by the scan's own columns, which come sorted: the planner follows the scan and stops
  // at the page's last match instead of reading and sorting all of it.
  const found = await readSearchRows(
    db,
    sql`
      select ${searchColumns} from (${scanned}) as scanned
      join listing on listing.id = scanned.id
      where ${and(conditions)}
      order by ${orderBy(sort, 'scanned')} limit ${limit}`,
  )
  if (found.length === limit) return found
  return readSearchRows(db, textIndexMatches(page))
}

/**
 * Every match, sorted. Materialised, so that the planner reads the matches from the GIN index
 * and sorts them, rather than scanning the sort index again.
 */
function textIndexMatches(page: SearchPage) {
  return sql`
    with matches as materialized (
      select ${searchColumns} from listing where ${and(page.conditions)}
    )
    select * from matches
    order by ${orderBy(page.query.sort, 'matches')} limit ${page.query.limit}`
}
