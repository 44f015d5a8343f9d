// The `listing_price_history` table: one row per change of the price a buyer pays, the first at
// publication. Written inside the listing write's own transaction, so the two never disagree.
import type { Kysely } from 'kysely'
import { effectivePrice, type PriceHistoryEntry } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { Versioned } from './listings.queries.js'

/** A change of the price a buyer pays, as the history recorded it. */
export interface PriceChange {
  from: number
  to: number
}

/** The prices of a listing as a write stores them. */
export interface ListingPrices {
  offer: boolean
  regularPrice: number
  discountedPrice: number | null
}

/** A history row for these prices: `price` is what a buyer pays, as the listing's own column. */
export function priceHistoryRow(db: Db, listingId: string, prices: ListingPrices, at: number) {
  return {
    listingId,
    at,
    regularPrice: prices.regularPrice,
    discountedPrice: prices.discountedPrice,
    offer: db.bool(prices.offer),
    price: effectivePrice({
      offer: prices.offer,
      regularPrice: prices.regularPrice,
      discountedPrice: prices.discountedPrice ?? undefined,
    }),
  }
}

export function createPriceHistoryQueries(db: Db, kysely: Kysely<Database> = db.kysely) {
  return {
    /**
     * Records the prices at `at` when the price a buyer pays differs from the last entry's (or
     * there is none), and gives the change recorded. `at` is kept after the last entry's, so that two writes in one millisecond
     * (or a clock set back) still give each entry its own key, in order.
     */
    async record(
      listingId: string,
      prices: ListingPrices,
      at: number,
    ): Promise<PriceChange | undefined> {
      const row = priceHistoryRow(db, listingId, prices, at)
      const last = await kysely
        .selectFrom('listing_price_history')
        .select(['at', 'price'])
        .where('listingId', '=', listingId)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst()
      if (last && Number(last.price) === row.price) return undefined
      if (last) row.at = Math.max(at, Number(last.at) + 1)
      await kysely.insertInto('listing_price_history').values(row).execute()
      return last && { from: Number(last.price), to: row.price }
    },

    /**
     * Every entry of the listing, oldest first, with the listings' version the statement saw (for
     * the response cache); undefined when there is no such listing.
     */
    async read(listingId: string): Promise<Versioned<PriceHistory | undefined>> {
      const rows = await kysely
        .selectFrom('listing')
        .leftJoin('listing_price_history as entry', 'entry.listingId', 'listing.id')
        .select([
          'entry.at',
          'entry.price',
          'entry.regularPrice',
          'entry.discountedPrice',
          'entry.offer',
        ])
        .select((eb) => eb.selectFrom('listing_version').select('version').as('version'))
        .where('listing.id', '=', listingId)
        // A hidden listing's history is as hidden as the listing.
        .where('listing.status', '<>', 'hidden')
        .orderBy('entry.at', 'asc')
        .execute()
      if (rows.length === 0) return { value: undefined, version: undefined }
      // A listing with no entries is one row of nulls.
      const items = rows.flatMap((row) =>
        row.at === null ? [] : [toEntry({ ...row, at: row.at })],
      )
      return { value: { items }, version: rows[0]!.version ?? undefined }
    },
  }
}

/** The body of GET /api/listings/:id/price-history. */
export interface PriceHistory {
  items: PriceHistoryEntry[]
}

function toEntry(row: {
  at: number | string
  price: number | null
  regularPrice: number | null
  discountedPrice: number | null
  offer: boolean | number | null
}): PriceHistoryEntry {
  const entry: PriceHistoryEntry = {
    price: Number(row.price),
    regularPrice: Number(row.regularPrice),
    offer: Boolean(row.offer),
    at: new Date(Number(row.at)).toISOString(),
  }
  if (row.discountedPrice !== null) entry.discountedPrice = Number(row.discountedPrice)
  return entry
}

export type PriceHistoryQueries = ReturnType<typeof createPriceHistoryQueries>
