// A search's page on SQLite. SQLite keeps no statistics for bound values, so this code picks the
// index that drives the read (decision 011).
import { sql, type RawBuilder } from 'kysely'
import type { Bbox, ListingFilter, ListingSort } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import { queryWords } from '../search-words.js'
import {
  keysetCondition,
  orderBy,
  sortIndexConditions,
  textMatch,
  type SearchPage,
} from './search-conditions.js'
import { and, readSearchRows, searchColumns, type SearchRow } from './search-rows.js'

/**
 * How many rows a selective index may hand over before it is no longer the cheaper way in, and
 * how many rows of a sort index are scanned before the scan gives up for a selective index.
 */
const selectiveRows = 2000
const scannedRows = 3000

/**
 * A selective index (the map box, a price range under the newest sort) that holds few rows drives
 * the read; otherwise a bounded scan of the sort index checks each row; if that scan cannot fill
 * the page, the text index drives, or the whole scan goes on.
 */
export async function readSqliteSearchPage(db: Db, page: SearchPage): Promise<SearchRow[]> {
  const { query, cursor, conditions } = page
  const { filter, sort, limit } = query
  const driver = await smallSelectiveIndex(db, filter, sort)
  if (driver) {
    return readSearchRows(
      db,
      sql`
        select ${searchColumns} from (${driver}) as driver
        cross join listing on listing.seq = driver.seq
        where ${and(conditions)}
        order by ${orderBy(sort)} limit ${limit}`,
    )
  }
  const scanned = sql`
    select listing.seq from listing
    where ${and([...sortIndexConditions(db, filter, sort, false), ...keysetCondition(sort, cursor)])}
    order by ${orderBy(sort)} limit ${sql.lit(scannedRows)}`
  // The scan's order is kept: SQLite runs the subquery as a coroutine that the join follows.
  const found = await readSearchRows(
    db,
    sql`
      select ${searchColumns} from (${scanned}) as scanned
      cross join listing on listing.seq = scanned.seq
      where ${and(conditions)} limit ${limit}`,
  )
  if (found.length === limit) return found
  const words = filter.q === undefined ? [] : queryWords(filter.q)
  if (words.length === 0) return readSearchRows(db, page.sortIndexScan())
  return readSearchRows(
    db,
    sql`
      select ${searchColumns} from listing_text
      cross join listing on listing.seq = listing_text.rowid
      where listing_text match ${textMatch(words)} and ${and(conditions)}
      order by ${orderBy(sort)} limit ${limit}`,
  )
}

/** The seqs of the box or the price range, when one of them holds few listings. */
async function smallSelectiveIndex(
  db: Db,
  filter: ListingFilter,
  sort: ListingSort,
): Promise<RawBuilder<unknown> | undefined> {
  const candidates: { name: string; rows: RawBuilder<unknown> }[] = []
  if (filter.bbox) candidates.push({ name: 'area', rows: areaSeqs(filter.bbox) })
  const priceRange = filter.minPrice !== undefined || filter.maxPrice !== undefined
  if (priceRange && sort === 'newest') {
    const range = [
      sql`status = ${sql.lit('active')}`,
      filter.minPrice === undefined ? sql`1 = 1` : sql`price >= ${filter.minPrice}`,
      filter.maxPrice === undefined ? sql`1 = 1` : sql`price <= ${filter.maxPrice}`,
    ]
    candidates.push({
      name: 'price',
      rows: sql`select seq from listing indexed by listing_price where ${and(range)}`,
    })
  }
  if (candidates.length === 0) return undefined
  const counts = sql.join(
    candidates.map(
      (candidate) =>
        sql`(select count(*) from (${candidate.rows} limit ${sql.lit(selectiveRows)})) as ${sql.ref(candidate.name)}`,
    ),
  )
  const [row] = (await sql`select ${counts}`.execute(db.kysely)).rows as Record<string, number>[]
  let best: { rows: RawBuilder<unknown>; count: number } | undefined
  for (const candidate of candidates) {
    const count = Number(row![candidate.name])
    if (count < selectiveRows && (!best || count < best.count)) {
      best = { rows: candidate.rows, count }
    }
  }
  return best?.rows
}

/** The seqs of listings that may lie in the box (R*Tree rounds outwards; rows decide). */
export function areaSeqs(bbox: Bbox) {
  const longitudes =
    bbox.west <= bbox.east
      ? sql`maxLng >= ${bbox.west} and minLng <= ${bbox.east}`
      : sql`(maxLng >= ${bbox.west} or minLng <= ${bbox.east})`
  return sql`
    select seq from listing_area
    where maxLat >= ${bbox.south} and minLat <= ${bbox.north} and ${longitudes}`
}
