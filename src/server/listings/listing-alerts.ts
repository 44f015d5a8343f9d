// What a listing write tells the people who follow homes, inside the write's own transaction. The
// alerts implement it and app.ts passes it in, so listings depend on no feature that follows them.
import type { Kysely } from 'kysely'
import type { Listing } from '../../shared/listing.js'
import type { Database } from '../db/schema.js'
import type { PriceChange } from './price-history.queries.js'

export interface ListingAlerts {
  listingCreated(trx: Kysely<Database>, listing: Listing, now?: number): Promise<void>
  /**
   * An edit: `current` as saved, and the change of the price a buyer pays that the edit recorded
   * in the price history (none when that price did not change).
   */
  listingUpdated(
    trx: Kysely<Database>,
    current: Listing,
    priceChange: PriceChange | undefined,
    now?: number,
  ): Promise<void>
  /** A listing marked sold or rented. */
  listingClosed(trx: Kysely<Database>, listing: Listing, now?: number): Promise<void>
}
