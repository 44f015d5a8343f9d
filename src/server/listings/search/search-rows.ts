// The rows a search reads: the columns a Listing is made from, selected with the listings' version
// the same statement saw, and run so that SQLite hands them over as arrays (cheaper to build than
// objects, decision 011) that are made objects here.
import { sql, type CompiledQuery, type RawBuilder, type Selectable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { ListingTable } from '../../db/schema.js'
import { arrayRowsMarker } from '../../db/statement-cache.js'
import { pricePointsColumn } from '../price-points.js'

/**
 * A listing row as search reads it, with the listings' version its statement saw and its price
 * history's points (price-points.ts; none on the map's pins).
 */
export type SearchRow = Omit<Selectable<ListingTable>, 'price' | 'words' | 'placeId'> & {
  price: number
  version: string | null
  pricePoints?: string | null
}

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
  'description',
  'homeType',
  'floorArea',
  'availableFrom',
  'petsAllowed',
] as const

/** `listing.name`, or a column of another table or subquery. */
export const column = (name: string, table = 'listing') => sql.ref(`${table}.${name}`)

/** The conditions joined by `and`; none is true. */
export const and = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `)

/** `listingColumns` of `listing`, then the listings' version. */
export const searchColumns = sql.join([
  ...listingColumns.map((name) => column(name)),
  sql`(select "version" from listing_version) as "version"`,
])

/**
 * A search statement as this database runs it: on SQLite with its rows as arrays. Each row found
 * gets its price history's points, read once the page is found (the page is materialized first,
 * so that no row a sort or a filter leaves out has them read), in the page's order.
 */
export function compileSearch(
  db: Db,
  query: RawBuilder<unknown>,
  { pricePoints = true } = {},
): CompiledQuery {
  const page = pricePoints
    ? sql`with "page" as materialized (${query})
      select "page".*, ${pricePointsColumn(db, sql.ref('page.id'))} as "pricePoints" from "page"`
    : query
  const marked = db.dialect === 'sqlite' ? sql`${sql.raw(arrayRowsMarker)} ${page}` : page
  return marked.compile(db.kysely)
}

/** Runs a compiled search statement (`compileSearch`), its rows as objects. */
export async function runSearch(db: Db, compiled: CompiledQuery): Promise<SearchRow[]> {
  const { rows } = await db.kysely.executeQuery(compiled)
  if (db.dialect === 'postgres') return rows as SearchRow[]
  return (rows as unknown[][]).map(rowOfValues)
}

/** Compiles and runs a search statement that selects `searchColumns`. */
export function readSearchRows(
  db: Db,
  query: RawBuilder<unknown>,
  options?: { pricePoints?: boolean },
): Promise<SearchRow[]> {
  return runSearch(db, compileSearch(db, query, options))
}

/** The row as an object, built whole in one literal so that every row has one shape. */
function rowOfValues(values: unknown[]): SearchRow {
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
    description,
    homeType,
    floorArea,
    availableFrom,
    petsAllowed,
    version,
    pricePoints,
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
    description,
    homeType,
    floorArea,
    availableFrom,
    petsAllowed,
    version,
    pricePoints,
  } as SearchRow
}
