// The search's reads: a page of listings under any filters and sort, and the map's pins and
// clusters. PostgreSQL's planner picks its indexes from its statistics; SQLite keeps none for
// bound values, so for SQLite this code picks which index drives the read (decision 011).
import { CompiledQuery, sql, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import {
  searchLimits,
  type Bbox,
  type ListingFilter,
  type ListingSort,
  type MapAnswer,
  type MapItem,
} from '../../shared/listing-requests.js'
import type { Db } from '../db/database.js'
import { arrayRowsMarker } from '../db/statement-cache.js'
import type { Database, ListingTable } from '../db/schema.js'
import {
  cellX,
  cellY,
  columnOf,
  gridLevel,
  isWholeWorld,
  latitudeOf,
  longitudeOf,
  rowOf,
  storedLevelFor,
} from './map-grid.js'
import { queryWords } from './search-words.js'
import {
  drivingWord,
  queryWordsOf,
  readWordPage,
  vocabularyQuery,
  type QueryWord,
  type WordPageRead,
} from './word-index.js'

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
  'status',
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

/**
 * The owner's list (filtered by `userRef`) shows sold and rented listings too, unless it asks for
 * `status=active` (their public page); no other list does.
 */
function ownerSeesEveryStatus(filter: ListingFilter): boolean {
  return filter.userRef !== undefined && filter.status === undefined
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

  /**
   * Conditions an index on (type | offer | userRef, sort) takes as its prefix. Only listings on the
   * market are listed, searched and mapped; the owner's list (`everyStatus`) shows them all. The
   * status is written as a literal: a partial index serves only a query that names its value.
   */
  function prefixConditions(filter: ListingFilter, everyStatus: boolean): RawBuilder<unknown>[] {
    const conditions: RawBuilder<unknown>[] = everyStatus
      ? []
      : [sql`${column('status')} = ${sql.lit('active')}`]
    if (filter.type !== undefined) conditions.push(sql`${column('type')} = ${filter.type}`)
    if (filter.offer !== undefined) {
      conditions.push(sql`${column('offer')} = ${db.bool(filter.offer)}`)
    }
    if (filter.userRef !== undefined) {
      conditions.push(sql`${column('userRef')} = ${filter.userRef}`)
    }
    return conditions
  }

  /**
   * What the walk of the sort index can narrow by within the index itself: the prefix, and under a
   * price sort the price range (so the walk starts at `minPrice`, not at the cheapest listing).
   */
  function walkConditions(
    filter: ListingFilter,
    sort: ListingSort,
    everyStatus: boolean,
  ): RawBuilder<unknown>[] {
    const conditions = prefixConditions(filter, everyStatus)
    if (sortOrders[sort].column === 'price') {
      if (filter.minPrice !== undefined) {
        conditions.push(sql`${column('price')} >= ${filter.minPrice}`)
      }
      if (filter.maxPrice !== undefined) {
        conditions.push(sql`${column('price')} <= ${filter.maxPrice}`)
      }
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
  function rowConditions(filter: ListingFilter, everyStatus: boolean): RawBuilder<unknown>[] {
    const conditions = prefixConditions(filter, everyStatus)
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
    // The whole world holds every listing: a condition on it would only tempt a planner to read
    // the whole box index.
    if (filter.bbox && !isWholeWorld(filter.bbox)) {
      conditions.push(...boxConditions(filter.bbox, column('lat'), column('lng')))
    }
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

  /** The query as this database runs it: on SQLite answering arrays, made objects here. */
  function compile(query: RawBuilder<unknown>): CompiledQuery {
    return (dialect === 'sqlite' ? sql`${sql.raw(arrayRowsMarker)} ${query}` : query).compile(
      kysely,
    )
  }

  async function run(compiled: CompiledQuery): Promise<SearchRow[]> {
    const { rows } = await kysely.executeQuery(compiled)
    if (dialect === 'postgres') return rows as SearchRow[]
    return (rows as SelectedValues[]).map(rowOfValues)
  }

  const rows = (query: RawBuilder<unknown>) => run(compile(query))

  /**
   * The SQL of the spec's own lists (no search filter), by shape: building and compiling the query
   * costs about as much as SQLite's work for the page, so each shape is compiled once.
   */
  const plainListSql = new Map<string, string>()

  async function plainList(
    filter: ListingFilter,
    sort: ListingSort,
    limit: number,
    after: SortKey | undefined,
    query: () => RawBuilder<unknown>,
  ): Promise<SearchRow[]> {
    // In the order the query's conditions take them (prefixConditions, keysetCondition, limit).
    const parameters: unknown[] = []
    if (filter.type !== undefined) parameters.push(filter.type)
    if (filter.offer !== undefined) parameters.push(db.bool(filter.offer))
    if (filter.userRef !== undefined) parameters.push(filter.userRef)
    if (after) parameters.push(after.value, after.id)
    parameters.push(limit)
    const shape = [
      sort,
      filter.type !== undefined,
      filter.offer !== undefined,
      filter.userRef !== undefined,
      // The status is a literal in the SQL, not a parameter: its own shape.
      ownerSeesEveryStatus(filter),
      after !== undefined,
    ].join()
    const text = plainListSql.get(shape)
    if (text !== undefined) return run(CompiledQuery.raw(text, parameters))
    const compiled = compile(query())
    if (JSON.stringify(compiled.parameters) !== JSON.stringify(parameters)) {
      throw new Error(`The parameters of the list query changed order: ${shape}`)
    }
    plainListSql.set(shape, compiled.sql)
    return run(compiled)
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
    const everyStatus = ownerSeesEveryStatus(filter)
    const conditions = [...rowConditions(filter, everyStatus), ...keysetCondition(sort, after)]
    const walkQuery = () => sql`
      select ${selectColumns} from listing
      where ${and(conditions)}
      order by ${orderBy(sort)} limit ${limit}`
    const walk = () => rows(walkQuery())
    if (!isSearch(filter)) return plainList(filter, sort, limit, after, walkQuery)
    if (dialect === 'postgres') return postgresPage(filter, sort, limit, after, conditions, walk)
    // The text, box and price indexes hold only listings on the market: the owner's search of
    // every status walks the owner's own listings instead.
    if (everyStatus) return walk()
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
    const words = filter.q === undefined ? [] : queryWords(filter.q)
    const probed = await probe(filter, sort, words)
    const driving = drivingWord(probed.words)
    if (probed.small && (!driving || probed.small.count < driving.rows)) {
      return rows(sql`
        select ${selectColumns} from (${probed.small.rows}) as driver
        cross join listing on listing.seq = driver.seq
        where ${and(conditions)}
        order by ${orderBy(sort)} limit ${limit}`)
    }
    if (driving) {
      const read = await readWordPage(wordPageRead(filter, sort, limit, after, probed.words))
      if (read?.complete) return read.rows
      return textIndexPage(words, sort, limit, conditions)
    }
    const walked = sql`
      select listing.seq from listing
      where ${and([...walkConditions(filter, sort, false), ...keysetCondition(sort, after)])}
      order by ${orderBy(sort)} limit ${sql.lit(walkedRows)}`
    // The walk's order is kept: SQLite runs the subquery as a coroutine that the join follows.
    const found = await rows(sql`
      select ${selectColumns} from (${walked}) as walked
      cross join listing on listing.seq = walked.seq
      where ${and(conditions)} limit ${limit}`)
    if (found.length === limit) return found
    if (words.length === 0) return walk()
    return textIndexPage(words, sort, limit, conditions)
  }

  /** SQLite: every match from the text index, sorted. */
  function textIndexPage(
    words: string[],
    sort: ListingSort,
    limit: number,
    conditions: RawBuilder<unknown>[],
  ): Promise<SearchRow[]> {
    return rows(sql`
      select ${selectColumns} from listing_text
      cross join listing on listing.seq = listing_text.rowid
      where listing_text match ${textMatch(words)} and ${and(conditions)}
      order by ${orderBy(sort)} limit ${limit}`)
  }

  /** What the word table's read of a page needs besides the query words. */
  function wordPageRead(
    filter: ListingFilter,
    sort: ListingSort,
    limit: number,
    after: SortKey | undefined,
    words: QueryWord[],
  ): WordPageRead<SearchRow> {
    return {
      dialect,
      words,
      ...sortOrders[sort],
      type: filter.type,
      minPrice: filter.minPrice,
      maxPrice: filter.maxPrice,
      after,
      bbox: filter.bbox && !isWholeWorld(filter.bbox) ? filter.bbox : undefined,
      limit,
      selectColumns,
      conditions: rowConditions(filter, false),
      rows,
    }
  }

  /**
   * PostgreSQL, with search filters. Its planner judges a word of the text by the share of listings
   * it saw with it, and may walk the sort index for a word that is common overall but rare among the
   * cheapest listings, reading most of the table. With text, the walk is bounded as on SQLite; if it
   * cannot fill the page, the GIN index gives every match and they are sorted.
   */
  async function postgresPage(
    filter: ListingFilter,
    sort: ListingSort,
    limit: number,
    after: SortKey | undefined,
    conditions: RawBuilder<unknown>[],
    walk: () => Promise<SearchRow[]>,
  ): Promise<SearchRow[]> {
    if (filter.q === undefined) return walk()
    const words = queryWords(filter.q)
    if (words.length > 0 && !ownerSeesEveryStatus(filter)) {
      const found = (await vocabularyQuery(words).execute(kysely)).rows
      const read = await readWordPage(
        wordPageRead(filter, sort, limit, after, queryWordsOf(words, found)),
      )
      if (read?.complete) return read.rows
      if (read) return textIndexMatches(sort, limit, conditions)
    }
    const walked = sql`
      select listing.id, ${column(sortOrders[sort].column)} from listing
      where ${and([...walkConditions(filter, sort, ownerSeesEveryStatus(filter)), ...keysetCondition(sort, after)])}
      order by ${orderBy(sort)} limit ${sql.lit(walkedRows)}`
    // Ordered by the walk's own columns, which come sorted: the planner follows the walk and
    // stops at the page's last match instead of reading and sorting all of it.
    const found = await rows(sql`
      select ${selectColumns} from (${walked}) as walked
      join listing on listing.id = walked.id
      where ${and(conditions)}
      order by ${orderBy(sort, 'walked')} limit ${limit}`)
    if (found.length === limit) return found
    return textIndexMatches(sort, limit, conditions)
  }

  /**
   * PostgreSQL: every match, sorted. Materialised, so that the planner reads the matches from the
   * GIN index and sorts them, rather than reading the sort index again.
   */
  function textIndexMatches(
    sort: ListingSort,
    limit: number,
    conditions: RawBuilder<unknown>[],
  ): Promise<SearchRow[]> {
    return rows(sql`
      with matches as materialized (
        select ${selectColumns} from listing where ${and(conditions)}
      )
      select * from matches
      order by ${orderBy(sort, 'matches')} limit ${limit}`)
  }

  /**
   * SQLite, in one statement: what the vocabulary knows of each query word, and the smaller of the
   * box and the price range when it holds few listings (counted with a `LIMIT`, so that the count
   * stays cheap).
   */
  async function probe(
    filter: ListingFilter,
    sort: ListingSort,
    words: string[],
  ): Promise<{ words: QueryWord[]; small?: { rows: RawBuilder<unknown>; count: number } }> {
    const candidates = selectiveIndexes(filter, sort)
    const parts = candidates.map(
      (candidate, index) => sql`
        select ${sql.lit(-1 - index)} as "position", ${sql.lit(candidate.name)} as "word",
          (select count(*) from (${candidate.rows} limit ${sql.lit(selectiveRows)})) as "rows"`,
    )
    if (words.length > 0) parts.push(vocabularyQuery(words))
    if (parts.length === 0) return { words: [] }
    const found = (
      await sql<{
        position: number
        word: string
        rows: number
      }>`${sql.join(parts, sql` union all `)}`.execute(kysely)
    ).rows
    let small: { rows: RawBuilder<unknown>; count: number } | undefined
    candidates.forEach((candidate, index) => {
      const count = Number(found.find((row) => Number(row.position) === -1 - index)!.rows)
      if (count < selectiveRows && (!small || count < small.count)) {
        small = { rows: candidate.rows, count }
      }
    })
    return { words: words.length > 0 ? queryWordsOf(words, found) : [], small }
  }

  /** The box and the price range (under the newest sort), as seqs, when the filter has them. */
  function selectiveIndexes(filter: ListingFilter, sort: ListingSort) {
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
    return candidates
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
   * grid cell, with a cell of one listing as its item. Filtered at most by type and offer, the
   * stored cell counts answer the inside of the box and only the edges' listings are read.
   */
  async function map(
    filter: ListingFilter & { bbox: Bbox },
    zoom: number,
  ): Promise<{ value: MapAnswer; version: string | undefined }> {
    const items = await rows(sql`
      select ${selectColumns} from ${mapMatches(filter, filter.bbox)}
      limit ${sql.lit(searchLimits.mapItems + 1)}`)
    // The version this first statement saw: the statements after it may see newer listings, which
    // only makes a cached answer reread sooner, never served stale.
    const version = items[0]?.version ?? undefined
    if (items.length <= searchLimits.mapItems) {
      return { value: { total: items.length, items: items.map(mapItem), clusters: [] }, version }
    }
    const level = gridLevel(zoom)
    const stored = storedLevelFor(level)
    const cells = new Map<string, MapCell>()
    // A box across the 180th meridian is the two boxes either side of it.
    const boxes =
      filter.bbox.west <= filter.bbox.east
        ? [filter.bbox]
        : [
            { ...filter.bbox, east: 180 },
            { ...filter.bbox, west: -180 },
          ]
    for (const box of boxes) {
      if (stored !== undefined && onlyStoredFilters(filter)) {
        await addStoredCells(cells, filter, box, level, stored)
      } else {
        await addListingCells(cells, [mapMatches(filter, box)], level)
      }
    }
    const answer: MapAnswer = { total: 0, items: [], clusters: [] }
    for (const cell of cells.values()) {
      answer.total += cell.count
      if (cell.count === 1 && cell.item) answer.items.push(cell.item)
      else {
        answer.clusters.push({
          lat: cell.sumLat / cell.count,
          lng: cell.sumLng / cell.count,
          count: cell.count,
        })
      }
    }
    return { value: answer, version }
  }

  /**
   * `from …` of the listings that match in `box`. On SQLite the box's R*Tree drives, or, for the
   * whole world, the text index when there is text; PostgreSQL's planner chooses for itself.
   */
  function mapMatches(filter: ListingFilter, box: Bbox, extra: RawBuilder<unknown>[] = []) {
    // The map shows only listings on the market, whoever's they are.
    const conditions = and([...rowConditions({ ...filter, bbox: box }, false), ...extra])
    if (dialect === 'sqlite') {
      const words = filter.q === undefined ? [] : queryWords(filter.q)
      if (!isWholeWorld(box)) {
        return sql`(${areaSeqs(box)}) as driver
          cross join listing on listing.seq = driver.seq where ${conditions}`
      }
      if (words.length > 0) {
        return sql`listing_text cross join listing on listing.seq = listing_text.rowid
          where listing_text match ${textMatch(words)} and ${conditions}`
      }
    }
    return sql`listing where ${conditions}`
  }

  /** Adds the listings of `matches` to the map's cells at `level`, reading each listing. */
  async function addListingCells(
    cells: Map<string, MapCell>,
    sources: RawBuilder<unknown>[],
    level: number,
  ) {
    if (sources.length === 0) return
    const x = cellX(dialect, column('lng'), level)
    const y = cellY(dialect, column('lat'), level)
    // Several sources (the strips along a box's edges) are one statement, their rows side by side.
    const matches = sql.join(
      sources.map(
        (source) => sql`
          select listing.id, listing.type, listing.name, listing.price, listing.lat, listing.lng
          from ${source}`,
      ),
      sql` union all `,
    )
    const found = (
      await sql<ListingCellRow>`
        select ${x} as "x", ${y} as "y", count(*) as "count",
          sum(listing.lat) as "sumLat", sum(listing.lng) as "sumLng",
          min(listing.id) as "id", min(listing.type) as "type", min(listing.name) as "name",
          min(listing.price) as "price", min(listing.lat) as "lat", min(listing.lng) as "lng"
        from (${matches}) as listing
        group by 1, 2`.execute(kysely)
    ).rows
    for (const row of found) {
      const count = Number(row.count)
      addToCell(
        cells,
        `${row.x}:${row.y}`,
        count,
        row.sumLat,
        row.sumLng,
        count === 1 ? mapItem(row) : undefined,
      )
    }
  }

  /**
   * Adds the listings of `box` at `level` from the stored counts of level `stored`: the stored
   * cells wholly inside the box, then the listings of the box outside those cells, read one by one.
   */
  async function addStoredCells(
    cells: Map<string, MapCell>,
    filter: ListingFilter,
    box: Bbox,
    level: number,
    stored: number,
  ) {
    const last = 2 ** stored - 1
    // Whole cells only: the first and last row take in the poles, so they count only when the
    // box reaches the pole itself.
    const x0 = Math.ceil(columnOf(box.west, stored))
    const x1 = Math.floor(columnOf(box.east, stored)) - 1
    const y0 = box.north >= 90 ? 0 : Math.max(1, Math.ceil(rowOf(box.north, stored)))
    const y1 =
      box.south <= -90 ? last : Math.min(last - 1, Math.floor(rowOf(box.south, stored)) - 1)
    const shift = 2 ** (stored - level)
    if (x0 <= x1 && y0 <= y1) {
      const conditions = [
        sql`"level" = ${sql.lit(stored)}`,
        sql`"x" >= ${x0}`,
        sql`"x" <= ${x1}`,
        sql`"y" >= ${y0}`,
        sql`"y" <= ${y1}`,
      ]
      if (filter.type !== undefined) conditions.push(sql`"type" = ${filter.type}`)
      if (filter.offer !== undefined) conditions.push(sql`"offer" = ${db.bool(filter.offer)}`)
      const inside = (
        await sql<{ x: number; y: number; count: number | string; sumLat: number; sumLng: number }>`
          select "x" / ${sql.lit(shift)} as "x", "y" / ${sql.lit(shift)} as "y",
            sum("count") as "count", sum("sumLat") as "sumLat", sum("sumLng") as "sumLng"
          from listing_map_cell where ${and(conditions)}
          group by 1, 2`.execute(kysely)
      ).rows
      for (const row of inside) {
        addToCell(cells, `${row.x}:${row.y}`, Number(row.count), row.sumLat, row.sumLng)
      }
    }
    // The edges: listings of the box whose stored cell is not one of those just added. Strips
    // along the four sides drive the read; the condition on the cell decides, as the triggers do.
    const notInside =
      x0 <= x1 && y0 <= y1
        ? [
            sql`not (${cellX(dialect, column('lng'), stored)} between ${x0} and ${x1} and ${cellY(dialect, column('lat'), stored)} between ${y0} and ${y1})`,
          ]
        : []
    const strips =
      x0 <= x1 && y0 <= y1
        ? edgeStrips(
            box,
            {
              west: longitudeOf(x0, stored),
              east: longitudeOf(x1 + 1, stored),
              north: latitudeOf(y0, stored),
              south: latitudeOf(y1 + 1, stored),
            },
            // The first and last column and row take in everything beyond them.
            {
              west: x0 === 0 && box.west === -180,
              east: x1 === last && box.east === 180,
              north: y0 === 0,
              south: y1 === last,
            },
          )
        : [box]
    // Each strip reads the listings whose cell is outside; a listing on a line between two
    // strips is in both, so each strip also leaves out those of the strips before it.
    const stripMatches = strips.map((strip, index) =>
      mapMatches(filter, strip, [
        ...notInside,
        ...strips
          .slice(0, index)
          .map((before) => sql`not (${and(boxConditions(before, column('lat'), column('lng')))})`),
      ]),
    )
    await addListingCells(cells, stripMatches, level)
  }

  function onlyStoredFilters(filter: ListingFilter): boolean {
    const { type, offer, bbox, ...others } = filter
    void type
    void offer
    void bbox
    return Object.values(others).every((value) => value === undefined)
  }

  return { page, map }
}

/** A row of `selectColumns` as SQLite answers it when asked for arrays. */
type SelectedValues = unknown[]

/** The row as an object, built whole in one literal so that every row has one shape. */
function rowOfValues(values: SelectedValues): SearchRow {
  const [
    id,
    userRef,
    type,
    name,
    bedrooms,
    bathrooms,
    parking,
    furnished,
    location,
    offer,
    regularPrice,
    discountedPrice,
    images,
    lat,
    lng,
    timestamp,
    status,
    price,
    version,
  ] = values
  return {
    id,
    userRef,
    type,
    name,
    bedrooms,
    bathrooms,
    parking,
    furnished,
    location,
    offer,
    regularPrice,
    discountedPrice,
    images,
    lat,
    lng,
    timestamp,
    status,
    price,
    version,
  } as SearchRow
}

interface MapCell {
  count: number
  sumLat: number
  sumLng: number
  /** the one listing of a cell that holds one, when it was read */
  item?: MapItem
}

interface ListingCellRow {
  x: number
  y: number
  count: number | string
  sumLat: number
  sumLng: number
  id: string
  type: 'rent' | 'sale'
  name: string
  price: number
  lat: number
  lng: number
}

function addToCell(
  cells: Map<string, MapCell>,
  key: string,
  count: number,
  sumLat: number,
  sumLng: number,
  item?: MapItem,
) {
  const cell = cells.get(key)
  if (!cell) {
    cells.set(key, { count, sumLat, sumLng, ...(item && { item }) })
    return
  }
  cell.count += count
  cell.sumLat += sumLat
  cell.sumLng += sumLng
  delete cell.item
}

/**
 * The parts of `box` outside `inside` (which lies within it): a strip along each side that
 * `inside` does not already reach, each reaching a hair into `inside` so that no rounding of a
 * cell's edge leaves a listing out.
 */
function edgeStrips(
  box: Bbox,
  inside: Bbox,
  reached: Record<'west' | 'east' | 'north' | 'south', boolean>,
): Bbox[] {
  const hair = 1e-9
  const strips: Bbox[] = []
  if (!reached.west) strips.push({ ...box, east: Math.min(box.east, inside.west + hair) })
  if (!reached.east) strips.push({ ...box, west: Math.max(box.west, inside.east - hair) })
  const between = { west: inside.west, east: inside.east }
  if (!reached.north) {
    strips.push({ ...between, south: Math.max(box.south, inside.north - hair), north: box.north })
  }
  if (!reached.south) {
    strips.push({ ...between, south: box.south, north: Math.min(box.north, inside.south + hair) })
  }
  return strips.filter((strip) => strip.west <= strip.east && strip.south <= strip.north)
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
