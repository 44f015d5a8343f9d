// The search's reads: a page of listings under any filters and sort, and the map's pins and
// clusters. PostgreSQL's planner picks its indexes from its statistics; SQLite keeps none for
// bound values, so for SQLite this code picks which index drives the read (decision 011).
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import {
  searchLimits,
  type Bbox,
  type ListingFilter,
  type ListingSort,
  type MapAnswer,
  type MapCluster,
  type MapItem,
} from '../../shared/listing-requests.js'
import type { Db } from '../db/database.js'
import type { Database, ListingTable } from '../db/schema.js'
import { cellX, cellY, gridLevel, isWholeWorld, storedLevel } from './map-grid.js'
import { queryWords } from './search-words.js'

/** Where a page starts: after the listing with this sort value (timestamp or price) and id. */
export interface SortKey {
  value: number
  id: string
}

/** A listing row as search reads it, with the listings' version its statement saw. */
export type SearchRow = Omit<Selectable<ListingTable>, 'price' | 'words'> & {
  price: number
  version: string | null
}

/**
 * SQLite: how many rows a selective index may hand over before it is no longer the cheaper way in,
 * and how many rows of a sort index are walked before the walk gives up for a selective index.
 */
const selectiveRows = 2000
const walkedRows = 3000

/** The columns a Listing is made from, and the price its sort and cursor use. */
export const listingColumns = [
  'id',
  'userRef',
  'type',
  'name',
  'bedrooms',
  'bathrooms',
  'parking',
  'furnished',
  'location',
  'offer',
  'regularPrice',
  'discountedPrice',
  'images',
  'lat',
  'lng',
  'timestamp',
  'price',
] as const

const sortOrders: Record<
  ListingSort,
  { column: 'timestamp' | 'price'; direction: 'asc' | 'desc' }
> = {
  newest: { column: 'timestamp', direction: 'desc' },
  'price-asc': { column: 'price', direction: 'asc' },
  'price-desc': { column: 'price', direction: 'desc' },
}

/** The sort value of a row, as the cursor carries it. */
export function sortValue(row: { timestamp: number; price: number }, sort: ListingSort): number {
  return sortOrders[sort].column === 'timestamp' ? row.timestamp : row.price
}

/** Whether the filter has more than the spec's own lists have (type, offer, owner). */
export function isSearch(filter: ListingFilter): boolean {
  return (
    filter.q !== undefined ||
    filter.minPrice !== undefined ||
    filter.maxPrice !== undefined ||
    filter.minBedrooms !== undefined ||
    filter.minBathrooms !== undefined ||
    filter.parking !== undefined ||
    filter.furnished !== undefined ||
    filter.bbox !== undefined
  )
}

export function createSearchQueries(db: Db, kysely: Kysely<Database> = db.kysely) {
  const { dialect } = db
  const column = (name: string, table = 'listing') => sql.ref(`${table}.${name}`)
  const selectColumns = sql.join([
    ...listingColumns.map((name) => column(name)),
    sql`(select "version" from listing_version) as "version"`,
  ])
  const and = (conditions: RawBuilder<unknown>[]) =>
    conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `)

  /** Conditions an index on (type | offer | userRef, sort) takes as its prefix. */
  function prefixConditions(filter: ListingFilter): RawBuilder<unknown>[] {
    const conditions: RawBuilder<unknown>[] = []
    if (filter.type !== undefined) conditions.push(sql`${column('type')} = ${filter.type}`)
    if (filter.offer !== undefined) {
      conditions.push(sql`${column('offer')} = ${db.bool(filter.offer)}`)
    }
    if (filter.userRef !== undefined) {
      conditions.push(sql`${column('userRef')} = ${filter.userRef}`)
    }
    return conditions
  }

  function boxConditions(bbox: Bbox, lat: RawBuilder<unknown>, lng: RawBuilder<unknown>) {
    const conditions = [sql`${lat} >= ${bbox.south}`, sql`${lat} <= ${bbox.north}`]
    // A box across the 180th meridian is the two sides of it.
    conditions.push(
      bbox.west <= bbox.east
        ? sql`${lng} >= ${bbox.west} and ${lng} <= ${bbox.east}`
        : sql`(${lng} >= ${bbox.west} or ${lng} <= ${bbox.east})`,
    )
    return conditions
  }

  /** Every condition of the filter on the row itself (the text by its words on SQLite). */
  function rowConditions(filter: ListingFilter): RawBuilder<unknown>[] {
    const conditions = prefixConditions(filter)
    if (filter.minPrice !== undefined) {
      conditions.push(sql`${column('price')} >= ${filter.minPrice}`)
    }
    if (filter.maxPrice !== undefined) {
      conditions.push(sql`${column('price')} <= ${filter.maxPrice}`)
    }
    if (filter.minBedrooms !== undefined) {
      conditions.push(sql`${column('bedrooms')} >= ${filter.minBedrooms}`)
    }
    if (filter.minBathrooms !== undefined) {
      conditions.push(sql`${column('bathrooms')} >= ${filter.minBathrooms}`)
    }
    if (filter.parking !== undefined) {
      conditions.push(sql`${column('parking')} = ${db.bool(filter.parking)}`)
    }
    if (filter.furnished !== undefined) {
      conditions.push(sql`${column('furnished')} = ${db.bool(filter.furnished)}`)
    }
    if (filter.bbox) conditions.push(...boxConditions(filter.bbox, column('lat'), column('lng')))
    const words = filter.q === undefined ? [] : queryWords(filter.q)
    if (dialect === 'postgres') {
      if (words.length > 0) {
        const query = words.map((word) => `${word}:*`).join(' & ')
        conditions.push(sql`${column('search')} @@ to_tsquery('simple', ${query})`)
      }
    } else {
      // Each word starts one of the listing's words: ' ' + words contains ' ' + word.
      for (const word of words) {
        conditions.push(sql`(' ' || ${column('words')}) like ${`% ${word}%`}`)
      }
    }
    return conditions
  }

  function keysetCondition(sort: ListingSort, after: SortKey | undefined) {
    if (!after) return []
    const { column: sortColumn, direction } = sortOrders[sort]
    const operator = direction === 'asc' ? sql`>` : sql`<`
    return [sql`(${column(sortColumn)}, ${column('id')}) ${operator} (${after.value}, ${after.id})`]
  }

  function orderBy(sort: ListingSort, table = 'listing') {
    const { column: sortColumn, direction } = sortOrders[sort]
    const way = sql.raw(direction)
    return sql`${column(sortColumn, table)} ${way}, ${column('id', table)} ${way}`
  }

  async function rows(query: RawBuilder<unknown>): Promise<SearchRow[]> {
    return (await query.execute(kysely)).rows as SearchRow[]
  }

  /**
   * One page: `limit` listings at most, in `sort` order, strictly after `after`. The plain walk of
   * a sort index serves the spec's lists and every PostgreSQL read.
   */
  async function page(
    filter: ListingFilter,
    sort: ListingSort,
    limit: number,
    after?: SortKey,
  ): Promise<SearchRow[]> {
    const conditions = [...rowConditions(filter), ...keysetCondition(sort, after)]
    const walk = () =>
      rows(sql`
        select ${selectColumns} from listing
        where ${and(conditions)}
        order by ${orderBy(sort)} limit ${limit}`)
    if (dialect === 'postgres' || !isSearch(filter)) return walk()
    return sqlitePage(filter, sort, limit, after, conditions, walk)
  }

  /**
   * SQLite, with search filters. A selective index (the map box, a price range under the newest
   * sort) that holds few rows drives the read; otherwise a bounded walk of the sort index checks
   * each row; if that walk cannot fill the page, the text index drives, or the whole walk goes on.
   */
  async function sqlitePage(
    filter: ListingFilter,
    sort: ListingSort,
    limit: number,
    after: SortKey | undefined,
    conditions: RawBuilder<unknown>[],
    walk: () => Promise<SearchRow[]>,
  ): Promise<SearchRow[]> {
    const driver = await smallSelectiveIndex(filter, sort)
    if (driver) {
      return rows(sql`
        select ${selectColumns} from (${driver}) as driver
        cross join listing on listing.seq = driver.seq
        where ${and(conditions)}
        order by ${orderBy(sort)} limit ${limit}`)
    }
    const walked = sql`
      select listing.seq from listing
      where ${and([...prefixConditions(filter), ...keysetCondition(sort, after)])}
      order by ${orderBy(sort)} limit ${sql.lit(walkedRows)}`
    // The walk's order is kept: SQLite runs the subquery as a coroutine that the join follows.
    const found = await rows(sql`
      select ${selectColumns} from (${walked}) as walked
      cross join listing on listing.seq = walked.seq
      where ${and(conditions)} limit ${limit}`)
    if (found.length === limit) return found
    const words = filter.q === undefined ? [] : queryWords(filter.q)
    if (words.length === 0) return walk()
    return rows(sql`
      select ${selectColumns} from listing_text
      cross join listing on listing.seq = listing_text.rowid
      where listing_text match ${textMatch(words)} and ${and(conditions)}
      order by ${orderBy(sort)} limit ${limit}`)
  }

  /** The seqs of the box or the price range, when one of them holds few listings. */
  async function smallSelectiveIndex(
    filter: ListingFilter,
    sort: ListingSort,
  ): Promise<RawBuilder<unknown> | undefined> {
    const candidates: { name: string; rows: RawBuilder<unknown> }[] = []
    if (filter.bbox) candidates.push({ name: 'area', rows: areaSeqs(filter.bbox) })
    const priceRange = filter.minPrice !== undefined || filter.maxPrice !== undefined
    if (priceRange && sort === 'newest') {
      const range = [
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
    const [row] = (await sql`select ${counts}`.execute(kysely)).rows as Record<string, number>[]
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
  function areaSeqs(bbox: Bbox) {
    const longitudes =
      bbox.west <= bbox.east
        ? sql`maxLng >= ${bbox.west} and minLng <= ${bbox.east}`
        : sql`(maxLng >= ${bbox.west} or minLng <= ${bbox.east})`
    return sql`
      select seq from listing_area
      where maxLat >= ${bbox.south} and minLat <= ${bbox.north} and ${longitudes}`
  }

  /** An FTS5 query: every word as a prefix, all of them (the words hold letters and digits only). */
  function textMatch(words: string[]): string {
    return words.map((word) => `"${word}"*`).join(' ')
  }

  /**
   * The map of a box at a zoom: every match as an item when there are few; otherwise clusters by
   * grid cell, with a cell of one listing as its item. A whole-world map filtered at most by type
   * and offer adds up the stored cell counts instead of reading every listing.
   */
  async function map(filter: ListingFilter & { bbox: Bbox }, zoom: number): Promise<MapAnswer> {
    const level = gridLevel(zoom)
    if (isWholeWorld(filter.bbox) && onlyStoredFilters(filter)) {
      const answer = await storedCells(filter, Math.max(0, storedLevel - level))
      if (answer.total > searchLimits.mapItems) return answer
    }
    const matches = mapMatches(filter)
    const items = await rows(sql`
      select ${selectColumns} from ${matches}
      limit ${sql.lit(searchLimits.mapItems + 1)}`)
    if (items.length <= searchLimits.mapItems) {
      return { total: items.length, items: items.map(mapItem), clusters: [] }
    }
    const x = cellX(dialect, column('lng'), level)
    const y = cellY(dialect, column('lat'), level)
    const cells = (
      await sql<{
        count: number | string
        lat: number
        lng: number
        id: string
        type: 'rent' | 'sale'
        name: string
        price: number
      }>`
        select count(*) as "count", avg(listing.lat) as "lat", avg(listing.lng) as "lng",
          min(listing.id) as "id", min(listing.type) as "type", min(listing.name) as "name",
          min(listing.price) as "price"
        from ${matches}
        group by ${x}, ${y}`.execute(kysely)
    ).rows
    const answer: MapAnswer = { total: 0, items: [], clusters: [] }
    for (const cell of cells) {
      const count = Number(cell.count)
      answer.total += count
      if (count === 1) answer.items.push(mapItem(cell))
      else answer.clusters.push({ lat: cell.lat, lng: cell.lng, count })
    }
    return answer
  }

  /**
   * `from …` of the listings that match in the box. On SQLite the box's R*Tree drives, or, for the
   * whole world, the text index when there is text; PostgreSQL's planner chooses for itself.
   */
  function mapMatches(filter: ListingFilter & { bbox: Bbox }) {
    const conditions = and(rowConditions(filter))
    if (dialect === 'sqlite') {
      const words = filter.q === undefined ? [] : queryWords(filter.q)
      if (!isWholeWorld(filter.bbox)) {
        const driver = areaSeqs(filter.bbox)
        return sql`(${driver}) as driver cross join listing on listing.seq = driver.seq where ${conditions}`
      }
      if (words.length > 0) {
        return sql`listing_text cross join listing on listing.seq = listing_text.rowid
          where listing_text match ${textMatch(words)} and ${conditions}`
      }
    }
    return sql`listing where ${conditions}`
  }

  function onlyStoredFilters(filter: ListingFilter): boolean {
    const { type, offer, bbox, ...others } = filter
    void type
    void offer
    void bbox
    return Object.values(others).every((value) => value === undefined)
  }

  async function storedCells(filter: ListingFilter, shift: number): Promise<MapAnswer> {
    const conditions: RawBuilder<unknown>[] = [sql`"count" > 0`]
    if (filter.type !== undefined) conditions.push(sql`"type" = ${filter.type}`)
    if (filter.offer !== undefined) conditions.push(sql`"offer" = ${db.bool(filter.offer)}`)
    const cells = (
      await sql<{ count: number | string; sumLat: number; sumLng: number }>`
        select sum("count") as "count", sum("sumLat") as "sumLat", sum("sumLng") as "sumLng"
        from listing_map_cell where ${and(conditions)}
        group by "x" / ${sql.lit(2 ** shift)}, "y" / ${sql.lit(2 ** shift)}`.execute(kysely)
    ).rows
    const clusters: MapCluster[] = []
    let total = 0
    for (const cell of cells) {
      const count = Number(cell.count)
      if (count === 0) continue
      total += count
      clusters.push({ lat: cell.sumLat / count, lng: cell.sumLng / count, count })
    }
    return { total, items: [], clusters }
  }

  return { page, map }
}

function mapItem(row: {
  id: string
  type: 'rent' | 'sale'
  name: string
  price: number
  lat: number
  lng: number
}): MapItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    price: Number(row.price),
    lat: row.lat,
    lng: row.lng,
  }
}

export type SearchQueries = ReturnType<typeof createSearchQueries>
