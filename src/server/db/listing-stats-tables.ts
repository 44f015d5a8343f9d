// Table types for Kysely of owners' statistics (migration 028, listing-stats/). schema.ts gathers
// them into `Database`.

/** A listing's counts of one UTC day; a day with nothing counted has no row. */
export interface ListingStatTable {
  listingId: string
  /** `YYYY-MM-DD`, UTC */
  day: string
  views: number
  saves: number
  conversations: number
  bookings: number
  alertHits: number
}

/** The random salt of the day's visitor hashes; deleted with them when the day is over. */
export interface ViewSaltTable {
  day: string
  salt: string
}

/** A visitor of a listing on a day, by a hash of salt, listing, address and browser. */
export interface ListingVisitorTable {
  day: string
  visitorHash: string
  listingId: string
}

/** A visitor of the day that asked for robots.txt or a sitemap. */
export interface RobotVisitorTable {
  day: string
  visitorHash: string
}
