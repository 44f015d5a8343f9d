// Reports of listings and the moderators' view of them (the API contract: reports, moderation).
import type { Listing } from './listing.js'
import type { PublicUser } from './profile.js'

export const reportReasons = [
  'scam',
  'wrong-information',
  'unavailable',
  'offensive',
  'duplicate',
  'other',
] as const
export type ReportReason = (typeof reportReasons)[number]

/** What the report form and the moderators' page call each reason. */
export const reportReasonLabels: Record<ReportReason, string> = {
  scam: 'Looks like a scam',
  'wrong-information': 'Wrong information',
  unavailable: 'No longer available',
  offensive: 'Offensive',
  duplicate: 'Copy of another listing',
  other: 'Something else',
}

export const reportLimits = {
  detailsMax: 1000,
  /** reports one account may make a day */
  perDay: 20,
  /** reports from this many different verified users hide a listing until a moderator looks */
  hideAt: 3,
  /** a moderator's reason, which the owner reads */
  reasonMax: 500,
} as const

/** POST /api/listings/:id/reports */
export interface ReportInput {
  reason: ReportReason
  details?: string
}

/** One report as the moderators see it; `duplicateOf` names the listing whose photo it copies. */
export interface Report {
  reason: ReportReason
  details?: string
  at: string
  duplicateOf?: { id: string; name: string; type: Listing['type'] }
}

/** An item of GET /api/moderation/reports: a listing with its open reports, and its owner. */
export interface ReportedListing {
  listing: Listing
  reports: Report[]
  count: number
  owner: PublicUser
  /** the owner's other listings, newest first (at most `otherListingsShown`) */
  otherListings: Listing[]
}

export const otherListingsShown = 6

/** `status`: 'open', the reported listings; 'hidden', the listings hidden now. */
export const moderationListStatuses = ['open', 'hidden'] as const
export type ModerationListStatus = (typeof moderationListStatuses)[number]

export interface ModerationList {
  items: ReportedListing[]
}
