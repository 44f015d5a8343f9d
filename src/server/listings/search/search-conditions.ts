// The SQL conditions and order of a listing query, shared by the list pages and the map.
import { sql, type RawBuilder } from 'kysely'
import type { ListingCursor } from '../../../shared/listing-cursor.js'
import type { ListingQuery } from '../../../shared/listing-query.js'
import type { Bbox, ListingFilter, ListingSort } from '../../../shared/listing-requests.js'
import { polygonBox } from '../../../shared/polygon.js'
import type { Db } from '../../db/database.js'
import { isWholeWorld } from '../map-grid.js'
import { queryWords } from '../search-words.js'
import { insidePolygon } from './polygon-conditions.js'
import { column } from './search-rows.js'

/** A search's page as each database's reader gets it: the query and its conditions, built once. */
export interface SearchPage {
  query: ListingQuery
  cursor: ListingCursor | undefined
  statuses: ListedStatuses
  /** every condition of the query on a row, the cursor's among them */
  conditions: RawBuilder<unknown>[]
  /** the statement that scans the sort index in order and checks every condition on each row */
  sortIndexScan: () => RawBuilder<unknown>
}

export const sortOrders: Record<
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
 * The statuses a list holds: listings on the market; those and the closed ones (an owner's list,
 * filtered by `userRef`, unless it asks for `status=active`, their public page); or every status,
 * hidden and expired too, when the owner asks for their own list.
 */
export type ListedStatuses = 'active' | 'closed-too' | 'every'

export function listedStatuses(filter: ListingFilter, ownerAsking = false): ListedStatuses {
  if (filter.userRef === undefined || filter.status !== undefined) return 'active'
  return ownerAsking ? 'every' : 'closed-too'
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
    hasFactFilters(filter) ||
    filter.bbox !== undefined ||
    filter.place !== undefined ||
    filter.polygon !== undefined
  )
}

/** Whether the filter asks for any of the facts (home type, area, availability, pets). */
function hasFactFilters(filter: ListingFilter): boolean {
  return (
    filter.homeType !== undefined ||
    filter.minArea !== undefined ||
    filter.maxArea !== undefined ||
    filter.availableBy !== undefined ||
    filter.petsAllowed !== undefined
  )
}

/**
 * The facts' conditions. A listing with no floor area is in no area range; one with no date is
 * available by any date. `YYYY-MM-DD` texts compare as their dates do.
 */
function factConditions(db: Db, filter: ListingFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = []
  if (filter.homeType?.length) {
    conditions.push(sql`${column('homeType')} in (${sql.join(filter.homeType)})`)
  }
  if (filter.minArea !== undefined) {
    conditions.push(sql`${column('floorArea')} >= ${filter.minArea}`)
  }
  if (filter.maxArea !== undefined) {
    conditions.push(sql`${column('floorArea')} <= ${filter.maxArea}`)
  }
  if (filter.availableBy !== undefined) {
    conditions.push(
      sql`(${column('availableFrom')} is null or ${column('availableFrom')} <= ${filter.availableBy})`,
    )
  }
  if (filter.petsAllowed) conditions.push(sql`${column('petsAllowed')} = ${db.bool(true)}`)
  return conditions
}

/**
 * Conditions an index on (type | offer | userRef | place, sort) takes as its prefix. Only listings on the
 * market are listed, searched and mapped; an owner's list shows more (`ListedStatuses`). The
 * status is written as a literal: a partial index serves only a query that names its value.
 */
export function prefixConditions(
  db: Db,
  filter: ListingFilter,
  statuses: ListedStatuses,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] =
    statuses === 'every'
      ? []
      : statuses === 'closed-too'
        ? [
            sql`${column('status')} in (${sql.lit('active')}, ${sql.lit('sold')}, ${sql.lit('rented')})`,
          ]
        : [sql`${column('status')} = ${sql.lit('active')}`]
  if (filter.type !== undefined) conditions.push(sql`${column('type')} = ${filter.type}`)
  if (filter.offer !== undefined)
    conditions.push(sql`${column('offer')} = ${db.bool(filter.offer)}`)
  if (filter.userRef !== undefined) conditions.push(sql`${column('userRef')} = ${filter.userRef}`)
  if (filter.place !== undefined) conditions.push(sql`${column('placeId')} = ${filter.place}`)
  return conditions
}

/**
 * What an index scan in sort order can check within the index itself: the prefix, and under a
 * price sort the price range (so the scan starts at `minPrice`, not at the cheapest listing).
 */
export function sortIndexConditions(
  db: Db,
  filter: ListingFilter,
  sort: ListingSort,
  statuses: ListedStatuses,
): RawBuilder<unknown>[] {
  const conditions = prefixConditions(db, filter, statuses)
  if (sortOrders[sort].column === 'price') conditions.push(...priceConditions(filter))
  return conditions
}

/** The filter's price range. */
export function priceConditions(filter: ListingFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = []
  if (filter.minPrice !== undefined) conditions.push(sql`${column('price')} >= ${filter.minPrice}`)
  if (filter.maxPrice !== undefined) conditions.push(sql`${column('price')} <= ${filter.maxPrice}`)
  return conditions
}

/** The conditions of a box on these columns; a box across the 180th meridian is its two sides. */
export function boxConditions(
  bbox: Bbox,
  lat: RawBuilder<unknown> = column('lat'),
  lng: RawBuilder<unknown> = column('lng'),
): RawBuilder<unknown>[] {
  return [
    sql`${lat} >= ${bbox.south}`,
    sql`${lat} <= ${bbox.north}`,
    bbox.west <= bbox.east
      ? sql`${lng} >= ${bbox.west} and ${lng} <= ${bbox.east}`
      : sql`(${lng} >= ${bbox.west} or ${lng} <= ${bbox.east})`,
  ]
}

/** Every condition of the filter on the row itself (the text by its words on SQLite). */
export function rowConditions(
  db: Db,
  filter: ListingFilter,
  statuses: ListedStatuses,
): RawBuilder<unknown>[] {
  const conditions = [...prefixConditions(db, filter, statuses), ...priceConditions(filter)]
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
  conditions.push(...factConditions(db, filter))
  // The whole world holds every listing: a condition on it would only tempt a planner to read
  // the whole box index.
  if (filter.bbox && !isWholeWorld(filter.bbox)) conditions.push(...boxConditions(filter.bbox))
  if (filter.polygon) {
    conditions.push(...boxConditions(polygonBox(filter.polygon)), insidePolygon(filter.polygon))
  }
  const words = filter.q === undefined ? [] : queryWords(filter.q)
  conditions.push(...words.map((word) => textCondition(db, word)))
  return conditions
}

/**
 * A query word starts a word of the listing's name, location or description. SQLite: ' ' + the
 * words contains ' ' + the word; PostgreSQL: a prefix match on either tsvector.
 */
function textCondition(db: Db, word: string): RawBuilder<unknown> {
  if (db.dialect === 'postgres') {
    const query = sql`to_tsquery('simple', ${`${word}:*`})`
    return sql`(${column('search')} @@ ${query} or ${column('descriptionSearch')} @@ ${query})`
  }
  const words = sql`' ' || ${column('words')} || ' ' || ${column('descriptionWords')}`
  return sql`(${words}) like ${`% ${word}%`}`
}

/** The rows strictly after the cursor's listing, in the sort's order. */
export function keysetCondition(sort: ListingSort, cursor: ListingCursor | undefined) {
  if (!cursor) return []
  const { column: sortColumn, direction } = sortOrders[sort]
  const operator = direction === 'asc' ? sql`>` : sql`<`
  return [sql`(${column(sortColumn)}, ${column('id')}) ${operator} (${cursor.value}, ${cursor.id})`]
}

export function orderBy(sort: ListingSort, table = 'listing') {
  const { column: sortColumn, direction } = sortOrders[sort]
  const way = sql.raw(direction)
  return sql`${column(sortColumn, table)} ${way}, ${column('id', table)} ${way}`
}

/** An FTS5 query: every word as a prefix, all of them (the words hold letters and digits only). */
export function textMatch(words: string[]): string {
  return words.map((word) => `"${word}"*`).join(' ')
}
