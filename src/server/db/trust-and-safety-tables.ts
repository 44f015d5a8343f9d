// Table types for Kysely of the trust and safety features (migrations 025 to 027): reports and
// hidden listings (moderation/), photo hashes (moderation/copied-photos.ts), stale listings
// (stale-listings/). schema.ts gathers them into `Database`.
import type { ListingStatus } from '../../shared/listing.js'
import type { ReportReason } from '../../shared/report.js'

/** A person's report of a listing, or the server's (a copied photo), for the moderators. */
export interface ListingReportTable {
  id: string
  listingId: string
  /** null: the server reported it ('duplicate') */
  reporterId: string | null
  reason: ReportReason
  details: string | null
  /** the listing whose photo a 'duplicate' report found again */
  duplicateOf: string | null
  createdAt: number
  /** when a moderator hid the listing, dismissed its reports or showed it again */
  closedAt: number | null
}

/** A listing a moderator (or the reports of three people) hid: why, and what it was before. */
export interface HiddenListingTable {
  listingId: string
  reason: string
  previousStatus: ListingStatus
  /** null when reports hid it */
  hiddenBy: string | null
  hiddenAt: number
}

/** One of the eight bytes of a listing photo's perceptual hash (moderation/copied-photos.ts). */
export interface PhotoHashBlockTable {
  listingId: string
  userRef: string
  imageKey: string
  hash: string
  block: number
  value: number
}

/** A listing whose owner was asked 'Still available?', and when (ms). */
export interface StaleListingTable {
  listingId: string
  mailedAt: number
}
