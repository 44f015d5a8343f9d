// What a listing write tells the people who follow homes, inside the write's own transaction. The
// alerts implement it and app.ts passes it in, so listings depend on no feature that follows them.
import type { Kysely } from 'kysely'
import type { Listing } from '../../shared/listing.js'
import type { Database } from '../db/schema.js'

export interface ListingAlerts {
  listingCreated(trx: Kysely<Database>, listing: Listing, now?: number): Promise<void>
  /** An edit: `previous` as it was before, `current` as saved. */
  listingUpdated(
    trx: Kysely<Database>,
    previous: Listing,
    current: Listing,
    now?: number,
  ): Promise<void>
  /** A listing marked sold or rented. */
  listingClosed(trx: Kysely<Database>, listing: Listing, now?: number): Promise<void>
}
