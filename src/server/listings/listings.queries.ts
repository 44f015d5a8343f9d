// Reads and writes of the `listing` table; rows become the API's Listing here and nowhere else.
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import type { HomeType, Listing, ListingStatus } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database, ListingTable } from '../db/schema.js'
import type { MediaStore } from '../media/media-store.js'
import { priceBadges } from './listing-badges.js'
import { priceHistoryRow } from './price-history.queries.js'
import { parsePricePoints, pricePointsColumn } from './price-points.js'
import { hiddenReasonOf } from '../moderation/hidden-listings.queries.js'
import { listingColumns } from './search/search-rows.js'
import { descriptionWords, searchWords } from './search-words.js'

/**
 * A row as the code writes it, booleans as booleans; the database derives price and words' index.
 * A new listing is on the market unless `status` says otherwise; an edit keeps its status.
 */
export type ListingRow = Omit<
  Selectable<ListingTable>,
  'parking' | 'furnished' | 'offer' | 'price' | 'words' | 'status' | 'placeId' | FactColumn
> & {
  parking: boolean
  furnished: boolean
  offer: boolean
  status?: ListingStatus
  /** the place it is tied to (places/place-ties.ts); none when left out */
  placeId?: number | null
} & Partial<ListingFactColumns>

type FactColumn = 'description' | 'homeType' | 'floorArea' | 'availableFrom' | 'petsAllowed'

/** The optional facts as stored: null (or '' for the description) when none. */
export interface ListingFactColumns {
  description: string
  homeType: HomeType | null
  floorArea: number | null
  availableFrom: string | null
  petsAllowed: boolean | null
}

/** What only the server needs of a stored listing. */
export interface StoredListing {
  userRef: string
  /** its image folders */
  imageKeys: string[]
  type: 'rent' | 'sale'
  status: ListingStatus
}

/** A read and the version of the listings it saw (see `version()`). */
export interface Versioned<T> {
  value: T
  version: string | undefined
}

/** The listings' version, read by the same statement (so from the same snapshot) as the rows. */
const versionColumn = (eb: ExpressionBuilder<Database, 'listing'>) =>
  eb.selectFrom('listing_version').select('version').as('version')

/** A row of `listingColumns` and its price history's points (price-points.ts), as `toListing` reads it. */
export type ListingColumnsRow = Omit<Selectable<ListingTable>, 'price' | 'words' | 'placeId'> & {
  pricePoints?: string | null
}

/**
 * A row of `listingColumns` as the API's Listing at `now` (its badges), for search pages and saved
 * homes too.
 */
export function toListing(media: MediaStore, row: ListingColumnsRow, now: number): Listing {
  const { badges, priceChangedAt } = priceBadges(parsePricePoints(row.pricePoints), now)
  const keys = JSON.parse(row.images) as string[]
  const listing: Listing = {
    id: row.id,
    type: row.type,
    name: row.name,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parking: Boolean(row.parking),
    furnished: Boolean(row.furnished),
    location: row.location,
    offer: Boolean(row.offer),
    regularPrice: row.regularPrice,
    imageUrls: keys.map((key) => media.imageUrl(key)),
    geolocation: { lat: row.lat, lng: row.lng },
    timestamp: new Date(row.timestamp).toISOString(),
    userRef: row.userRef,
    status: row.status,
    badges,
  }
  if (row.discountedPrice !== null) listing.discountedPrice = row.discountedPrice
  // Each fact is absent when the owner gave none (the description: when they wrote nothing).
  if (row.description !== '') listing.description = row.description
  if (row.homeType !== null) listing.homeType = row.homeType
  if (row.floorArea !== null) listing.floorArea = row.floorArea
  if (row.availableFrom !== null) listing.availableFrom = row.availableFrom
  if (row.petsAllowed !== null) listing.petsAllowed = Boolean(row.petsAllowed)
  if (priceChangedAt !== undefined) listing.priceChangedAt = new Date(priceChangedAt).toISOString()
  return listing
}

/** The facts as the database stores them: booleans as this database binds them. */
export function storedFacts(db: Db, row: Partial<ListingFactColumns>) {
  return row.petsAllowed === undefined || row.petsAllowed === null
    ? {}
    : { petsAllowed: db.bool(row.petsAllowed) }
}

/** The price history's points of the listing a query reads (price-points.ts), for its badges. */
export const pricePointsOf = (db: Db) => (eb: ExpressionBuilder<Database, 'listing'>) =>
  pricePointsColumn(db, eb.ref('listing.id')).as('pricePoints')

/** The queries, on the database or inside a transaction (`kysely`); `now` dates the badges. */
export function createListingQueries(
  db: Db,
  media: MediaStore,
  kysely: Kysely<Database> = db.kysely,
  now: () => number = Date.now,
) {
  /**
   * One listing, with the listings' version that this statement saw (undefined if none). A hidden
   * listing is read only `withHidden`, with why, and with no version: it is never cached.
   */
  async function readOne(
    id: string,
    { withHidden = false } = {},
  ): Promise<Versioned<Listing | undefined>> {
    const row = await kysely
      .selectFrom('listing')
      .select(listingColumns)
      .select(versionColumn)
      .select(pricePointsOf(db))
      .where('id', '=', id)
      .executeTakeFirst()
    if (row?.status !== 'hidden') {
      return { value: row && toListing(media, row, now()), version: row?.version ?? undefined }
    }
    if (!withHidden) return { value: undefined, version: undefined }
    const hiddenReason = (await hiddenReasonOf(kysely, id)) ?? ''
    return { value: { ...toListing(media, row, now()), hiddenReason }, version: undefined }
  }

  // Built once: it runs before every cached response is given (response-cache.ts).
  const versionQuery = kysely.selectFrom('listing_version').select('version').compile()

  return {
    readOne,
    /** A row of `listingColumns` as the API's Listing (the saved homes' page reads rows too). */
    toListing: (row: ListingColumnsRow) => toListing(media, row, now()),

    /** The listing as anyone may see it: a hidden one only `withHidden`. */
    async get(id: string, options: { withHidden?: boolean } = {}): Promise<Listing | undefined> {
      return (await readOne(id, options)).value
    },

    /** Changes, in the same transaction, with every write to the listing table (migration 004). */
    async version(): Promise<string> {
      const { rows } = await kysely.executeQuery(versionQuery)
      return rows[0]!.version
    },

    async count(): Promise<number> {
      const row = await kysely
        .selectFrom('listing')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async any(): Promise<boolean> {
      return (
        (await kysely.selectFrom('listing').select('id').limit(1).executeTakeFirst()) !== undefined
      )
    },

    /**
     * What only the server needs of a stored listing (`StoredListing`). Inside a
     * transaction, `lock` holds the row until it ends (PostgreSQL; SQLite writes one at a time).
     */
    async getStored(id: string, { lock = false } = {}): Promise<StoredListing | undefined> {
      const query = kysely
        .selectFrom('listing')
        .select(['userRef', 'images', 'type', 'status'])
        .where('id', '=', id)
      const row = await (
        lock && db.dialect === 'postgres' ? query.forUpdate() : query
      ).executeTakeFirst()
      return (
        row && {
          userRef: row.userRef,
          imageKeys: JSON.parse(row.images) as string[],
          type: row.type,
          status: row.status,
        }
      )
    },

    /**
     * Of `ids`, the listings that exist, each held inside the transaction until it ends so that
     * no delete removes it meanwhile (PostgreSQL; SQLite writes one at a time). Key-share locks:
     * two transactions holding the same listings in another order do not wait for each other.
     */
    async holdExisting(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const query = kysely.selectFrom('listing').select('id').where('id', 'in', ids)
      const rows = await (db.dialect === 'postgres' ? query.forKeyShare() : query).execute()
      return new Set(rows.map((row) => row.id))
    },

    /** The owner says the listing is still available (or edited it): it is not stale. */
    async confirm(id: string, at: number): Promise<void> {
      await sql`update listing set "confirmedAt" = ${at} where id = ${id}`.execute(kysely)
    },

    async setStatus(id: string, status: ListingStatus): Promise<void> {
      await kysely.updateTable('listing').set({ status }).where('id', '=', id).execute()
    },

    async update(id: string, row: Omit<ListingRow, 'id' | 'userRef'>): Promise<void> {
      await kysely
        .updateTable('listing')
        .set({
          ...row,
          words: searchWords(row),
          ...(row.description !== undefined && {
            descriptionWords: descriptionWords(row.description),
          }),
          parking: db.bool(row.parking),
          furnished: db.bool(row.furnished),
          offer: db.bool(row.offer),
          ...storedFacts(db, row),
        })
        .where('id', '=', id)
        .execute()
    },

    async delete(id: string): Promise<void> {
      await kysely.deleteFrom('listing').where('id', '=', id).execute()
    },

    /** Whether a listing of this id existed and was deleted (a trigger records it, migration 015). */
    async wasDeleted(id: string): Promise<boolean> {
      const row = await kysely
        .selectFrom('deleted_listing')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()
      return row !== undefined
    },

    /** The listing, and its price history's first entry: its price at `publishedAt`. */
    async insert(row: ListingRow, publishedAt = row.timestamp): Promise<void> {
      await kysely
        .insertInto('listing')
        .values({
          ...row,
          words: searchWords(row),
          ...(row.description !== undefined && {
            descriptionWords: descriptionWords(row.description),
          }),
          parking: db.bool(row.parking),
          furnished: db.bool(row.furnished),
          offer: db.bool(row.offer),
          ...storedFacts(db, row),
        })
        .execute()
      await kysely
        .insertInto('listing_price_history')
        .values(priceHistoryRow(db, row.id, row, publishedAt))
        .execute()
    },
  }
}

export type ListingQueries = ReturnType<typeof createListingQueries>
