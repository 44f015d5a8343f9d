// One page of a listing query's rows from the database: the spec's own lists by a scan of a sort
// index, compiled once per shape; searches by the way each database reads them best.
import { CompiledQuery, sql, type RawBuilder } from 'kysely'
import { decodeCursor, type ListingCursor } from '../../../shared/listing-cursor.js'
import type { ListingQuery } from '../../../shared/listing-query.js'
import type { Db } from '../../db/database.js'
import { readPostgresSearchPage } from './postgres-search-page.js'
import {
  isSearch,
  keysetCondition,
  orderBy,
  type ListedStatuses,
  rowConditions,
} from './search-conditions.js'
import {
  and,
  compileSearch,
  readSearchRows,
  runSearch,
  searchColumns,
  type SearchRow,
} from './search-rows.js'
import { readSqliteSearchPage } from './sqlite-search-page.js'

/**
 * `query.limit` rows at most, in `query.sort` order, strictly after the cursor's listing. The scan
 * of a sort index in order serves the spec's lists and the searches that need no other index.
 */
export async function readListingRows(
  db: Db,
  query: ListingQuery,
  statuses: ListedStatuses,
): Promise<SearchRow[]> {
  const { filter, sort, limit } = query
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  const conditions = [...rowConditions(db, filter, statuses), ...keysetCondition(sort, cursor)]
  const sortIndexScan = () => sql`
    select ${searchColumns} from listing
    where ${and(conditions)}
    order by ${orderBy(sort)} limit ${limit}`
  if (!isSearch(filter)) return readPlainList(db, query, cursor, statuses, sortIndexScan)
  const page = { query, cursor, statuses, conditions, sortIndexScan }
  if (db.dialect === 'postgres') return readPostgresSearchPage(db, page)
  // The text, box and price indexes hold only listings on the market: the search of an owner's
  // list of more statuses scans the owner's own listings instead.
  if (statuses !== 'active') return readSearchRows(db, sortIndexScan())
  return readSqliteSearchPage(db, page)
}

/**
 * The SQL of the spec's own lists (no search filter), by shape, per database: building and
 * compiling the statement costs about as much as SQLite's work for the page, so each shape is
 * compiled once.
 */
const plainListSql = new WeakMap<Db, Map<string, string>>()

async function readPlainList(
  db: Db,
  { filter, sort, limit }: ListingQuery,
  cursor: ListingCursor | undefined,
  statuses: ListedStatuses,
  statement: () => RawBuilder<unknown>,
): Promise<SearchRow[]> {
  // In the order the statement's conditions take them (prefixConditions, keysetCondition, limit).
  const parameters: unknown[] = []
  if (filter.type !== undefined) parameters.push(filter.type)
  if (filter.offer !== undefined) parameters.push(db.bool(filter.offer))
  if (filter.userRef !== undefined) parameters.push(filter.userRef)
  if (cursor) parameters.push(cursor.value, cursor.id)
  parameters.push(limit)
  const shape = [
    sort,
    filter.type !== undefined,
    filter.offer !== undefined,
    filter.userRef !== undefined,
    // The statuses are literals in the SQL, not parameters: their own shape.
    statuses,
    cursor !== undefined,
  ].join()
  let shapes = plainListSql.get(db)
  if (!shapes) plainListSql.set(db, (shapes = new Map()))
  const text = shapes.get(shape)
  if (text !== undefined) return runSearch(db, CompiledQuery.raw(text, parameters))
  const compiled = compileSearch(db, statement())
  if (JSON.stringify(compiled.parameters) !== JSON.stringify(parameters)) {
    throw new Error(`The parameters of the list statement changed order: ${shape}`)
  }
  shapes.set(shape, compiled.sql)
  return runSearch(db, compiled)
}
