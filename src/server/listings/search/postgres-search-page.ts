// A search's page on PostgreSQL. Its planner judges a word of the text by the share of listings it
// saw with it, and may scan the sort index for a word that is common overall but rare among the
// cheapest listings, reading most of the table. With text, the rarest word's rows are read from
// the word table in the sort's order, bounded as on SQLite (search/word-index.ts); if that cannot
// fill the page, the GIN index gives every match and they are sorted.
import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import {
  keysetCondition,
  orderBy,
  ownerSeesEveryStatus,
  sortIndexConditions,
  sortOrders,
  type SearchPage,
} from './search-conditions.js'
import { and, column, readSearchRows, searchColumns, type SearchRow } from './search-rows.js'
import { queryWordsOf, readWordPage, vocabularyQuery } from './word-index.js'
import { queryWords } from '../search-words.js'

/** How many rows of a sort index are scanned before the GIN index's matches are sorted instead. */
const scannedRows = 3000

export async function readPostgresSearchPage(db: Db, page: SearchPage): Promise<SearchRow[]> {
  const { query, cursor, conditions } = page
  const { filter, sort, limit } = query
  if (filter.q === undefined) return readSearchRows(db, page.sortIndexScan())
  const everyStatus = ownerSeesEveryStatus(filter)
  const words = queryWords(filter.q)
  // The word table holds only listings on the market; the owner's search of every status scans.
  if (words.length > 0 && !everyStatus) {
    const { rows: found } = await vocabularyQuery(words).execute(db.kysely)
    const read = await readWordPage(db, page, queryWordsOf(words, found))
    if (read?.complete) return read.rows
    if (read) return readSearchRows(db, textIndexMatches(page))
  }
  const scanned = sql`
    select listing.id, ${column(sortOrders[sort].column)} from listing
    where ${and([...sortIndexConditions(db, filter, sort, everyStatus), ...keysetCondition(sort, cursor)])}
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
