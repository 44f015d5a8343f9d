// What a listing write tells the moderation feature: the listing's photos changed, to be checked
// against other owners' photos (moderation/copied-photos.ts). app.ts passes it in, so listings
// depend on no feature that watches them.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export interface ListingPhotoChecks {
  /** Inside the write's transaction: the listing was published with photos, or its photos changed. */
  photosChanged(trx: Kysely<Database>, listingId: string, now?: number): Promise<void>
}
