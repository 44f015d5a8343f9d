// Table types for Kysely. Better Auth owns `user`, `session`, `account`, `verification`.
import type { ColumnType } from 'kysely'
import type { AlertFrequency } from '../../shared/saved-search.js'
import type { HomeType, ListingStatus } from '../../shared/listing.js'
import type {
  HiddenListingTable,
  ListingReportTable,
  PhotoHashBlockTable,
  StaleListingTable,
} from './trust-and-safety-tables.js'
import type {
  ListingStatTable,
  ListingVisitorTable,
  RobotVisitorTable,
  ViewSaltTable,
} from './listing-stats-tables.js'
import type { PlaceKind } from '../saved-searches/search-place.js'

/** SQLite stores booleans as 0/1, PostgreSQL as booleans: read either; write with Db.bool(). */
export type DbBoolean = ColumnType<boolean | number, boolean | number, boolean | number>

export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: DbBoolean
  image: string | null
  createdAt: ColumnType<Date | string, Date | string, Date | string>
  updatedAt: ColumnType<Date | string, Date | string, Date | string>
}

/** A signed-in browser (Better Auth's); the API's routes read it with its user (auth/session-reader.ts). */
export interface SessionTable {
  id: string
  token: string
  userId: string
  expiresAt: ColumnType<Date | string, Date | string, Date | string>
}

/** Better Auth's one-time values; we read and end a user's reset links (auth/reset-tokens.ts). */
export interface VerificationTable {
  id: string
  identifier: string
  value: string
  expiresAt: ColumnType<Date | string, Date | string, Date | string>
  createdAt: ColumnType<Date | string, Date | string, Date | string>
  updatedAt: ColumnType<Date | string, Date | string, Date | string>
}

export interface ListingTable {
  id: string
  userRef: string
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: DbBoolean
  furnished: DbBoolean
  location: string
  offer: DbBoolean
  regularPrice: number
  discountedPrice: number | null
  /** JSON array of media keys, cover first */
  images: string
  lat: number
  lng: number
  /** milliseconds since the epoch; with `id` it orders every list */
  timestamp: number
  /** what a buyer pays (the discounted price on offer); the database computes it */
  price: ColumnType<number, never, never>
  /** name and location as search words (listings/search-words.ts) */
  words: string
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>
  /** the gazetteer city it is tied to (places/place-ties.ts), null when none lies within 50 km */
  placeId: ColumnType<number | null, number | null | undefined, number | null>
  /** plain text, line breaks kept; '' when the owner wrote none (db/migrations/022-listing-facts.ts) */
  description: ColumnType<string, string | undefined, string>
  homeType: HomeType | null
  /** square metres, whole */
  floorArea: number | null
  /** `YYYY-MM-DD` */
  availableFrom: string | null
  petsAllowed: ColumnType<boolean | number | null, boolean | number | null, boolean | number | null>
  /**
   * the description's search words, each once (listings/search-words.ts); search reads it in SQL
   * only (db/migrations/023-description-search.ts)
   */
  descriptionWords: ColumnType<never, string | undefined, string>
  // Migration 015 adds "changedAt", set by a trigger: milliseconds since the epoch of the last edit
  // or status change, null if none. Only the sitemap reads it, in SQL of its own
  // (sitemaps/sitemap-pages.ts); left out here so that no listing row has to carry it.
  // Migration 027 adds "confirmedAt" the same way: when the owner last confirmed or edited the
  // listing, null if never; listings.queries.ts writes it, stale-listings/ reads it, in SQL.
}

/** A place with listings, and its count of them on the market (db/migrations/020-places.ts). */
export interface PlaceTable {
  /** the GeoNames id */
  id: number
  /** the name as normalizePlace writes it; '' until the app writes it */
  key: string
  population: number
  /** listings on the market tied to it, kept by triggers */
  listings: ColumnType<number, never, never>
}

/** One row per change of the price a buyer pays, the first at publication. */
export interface ListingPriceHistoryTable {
  listingId: string
  /** milliseconds since the epoch */
  at: number
  regularPrice: number
  discountedPrice: number | null
  offer: DbBoolean
  /** what a buyer pays: the discounted price on offer */
  price: number
}

/** Listings per cell of the map grid's stored level, kept by triggers (db/migrations/008-search.ts). */
export interface ListingMapCellTable {
  x: number
  y: number
  type: 'rent' | 'sale'
  offer: DbBoolean
  count: number
  sumLat: number
  sumLng: number
}

export type UploadStatus = 'receiving' | 'ready' | 'rejected' | 'attached'

export interface UploadTable {
  id: string
  userId: string
  originalName: string
  status: UploadStatus
  /** the image folder in the media store, set when processing starts */
  imageKey: string | null
  /** why the upload was rejected */
  error: string | null
  /** the length the upload declared, in bytes */
  size: number
  createdAt: number
  /** the request holding tus' lock on the upload, on whichever server (upload-locker.ts) */
  lockHolder: ColumnType<string | null, string | null | undefined>
  lockExpiresAt: ColumnType<number | null, number | null | undefined>
  /** when another request began waiting for the lock: the holder lets go */
  lockWantedAt: ColumnType<number | null, number | null | undefined>
}

/** One row; its version changes with every write to `listing` (migration 004). */
export interface ListingVersionTable {
  id: number
  version: string
}

/** A per-address request count in its current window (http/rate-limit.ts). */
export interface RequestLimitTable {
  key: string
  /** milliseconds since the epoch */
  windowStart: number
  count: number
}

/** A listing a user saved (the heart); it goes with the listing or the user. */
export interface FavouriteTable {
  userId: string
  listingId: string
  /** milliseconds since the epoch; with `listingId` it orders the saved list, newest first */
  createdAt: number
}

/**
 * A user's search, kept to run again and to alert on. `query` is the search parameters as JSON;
 * `type` and the price bounds are copied out of it so that a new listing finds the searches it
 * matches through an index instead of running each one.
 */
export interface SavedSearchTable {
  id: string
  userId: string
  name: string
  /** JSON object of the search parameters of GET /api/listings, as strings, in canonical order */
  query: string
  alerts: AlertFrequency
  /** milliseconds since the epoch */
  createdAt: number
  type: 'rent' | 'sale' | null
  minPrice: number | null
  maxPrice: number | null
  /** its place key (saved-searches/search-place.ts, migration 012) */
  placeKind: PlaceKind
  placeWord: string | null
}

/** The grid cells of a saved search's map box, with its type and price bounds copied again. */
export interface SavedSearchCellTable {
  savedSearchId: string
  cell: number
  type: 'rent' | 'sale' | null
  minPrice: number | null
  maxPrice: number | null
}

/** Background work, claimed by one worker at a time (jobs/job-queue.ts). */
export interface JobTable {
  /** what the job is for; a second job with the same key joins the waiting one */
  key: string
  kind: string
  /** JSON */
  payload: string
  /** milliseconds since the epoch: not before */
  runAt: number
  /** a worker's claim, until this time; a crashed worker's claim runs out */
  claimedUntil: number | null
  attempts: ColumnType<number, number | undefined, number>
  /** raised by every job that joined this one */
  version: ColumnType<number, number | undefined, number>
  lastError: string | null
  createdAt: number
}

/** A listing announced (or to announce) to a saved search: once ever, by its key. */
export interface SavedSearchMatchTable {
  savedSearchId: string
  listingId: string
  matchedAt: number
  /** when its mail went out, or was dropped because the alerts were off by then */
  settledAt: number | null
}

/** The kinds of mail about a saved home (alerts/listing-alerts.ts). */
export type SavedHomeMailKind = 'price-cut' | 'listing-closed'

/** The last mail of a kind about a listing to a person (alerts/saved-home-mail-limits.ts). */
export interface SavedHomeMailTable {
  userId: string
  listingId: string
  kind: SavedHomeMailKind
  /** milliseconds since the epoch */
  sentAt: number
  /** the lowest price a price cut told of; null for the other kind */
  lowestPrice: number | null
}

/** A kind of saved-home mail a person turned off with its unsubscribe link. */
export interface MailOptOutTable {
  userId: string
  kind: SavedHomeMailKind
  /** milliseconds since the epoch */
  createdAt: number
}

/** Sign-in attempts of one account (by its address's hash) since its last success. */
export interface SignInAttemptTable {
  key: string
  attempts: number
  /** milliseconds since the epoch */
  lastAttemptAt: number
  /** the earliest the next attempt is let through, in milliseconds since the epoch */
  nextAttemptAt: number
}

/** The id of a deleted listing, kept by a trigger: its page responds 410 Gone (migration 015). */
export interface DeletedListingTable {
  id: string
  /** milliseconds since the epoch */
  deletedAt: number
}

/** Where a sitemap page after the first begins in the (timestamp, id) order (sitemaps/). */
export interface SitemapPageTable {
  page: number
  firstTimestamp: number
  firstId: string
}

/** A conversation between a listing's owner and one person who asked about it (conversations/). */
export interface ConversationTable {
  id: string
  listingId: string
  askerId: string
  ownerId: string
  /** milliseconds since the epoch */
  createdAt: number
  lastMessageId: string
  /** the owner's first message, in milliseconds since the epoch */
  firstReplyAt: number | null
}

export interface MessageTable {
  id: string
  conversationId: string
  senderId: string
  body: string
  /** milliseconds since the epoch */
  at: number
  /** the sender's own id for it, which makes sending it again idempotent */
  clientId: string | null
}

/** One participant's side of a conversation: their inbox's order, unread count and mail. */
export interface ConversationMemberTable {
  conversationId: string
  userId: string
  lastMessageAt: number
  unread: ColumnType<number, number | undefined, number>
  /** when the first message they have not read was sent */
  unreadSince: number | null
  /** when they were mailed about their unread messages; null again once they read them */
  mailedAt: number | null
}

/** What a person chose about being contacted; no row means both are on. */
export interface ContactPreferenceTable {
  userId: string
  showEmail: DbBoolean
  messageMails: DbBoolean
  statsMail: DbBoolean
}

/** A time a listing's owner opens it to visitors (viewings/). */
export interface ViewingSlotTable {
  id: string
  listingId: string
  /** milliseconds since the epoch */
  start: number
  minutes: number
  capacity: number
  booked: ColumnType<number, number | undefined, number>
}

/** A visitor's place at a viewing; listing, owner and start are the slot's, copied. */
export interface ViewingBookingTable {
  id: string
  slotId: string
  bookerId: string
  listingId: string
  ownerId: string
  /** milliseconds since the epoch */
  start: number
  createdAt: number
}

export interface Database {
  user: UserTable
  session: SessionTable
  verification: VerificationTable
  listing: ListingTable
  listing_price_history: ListingPriceHistoryTable
  place: PlaceTable
  listing_version: ListingVersionTable
  deleted_listing: DeletedListingTable
  sitemap_page: SitemapPageTable
  listing_map_cell: ListingMapCellTable
  upload: UploadTable
  request_limit: RequestLimitTable
  sign_in_attempt: SignInAttemptTable
  favourite: FavouriteTable
  saved_search: SavedSearchTable
  saved_search_cell: SavedSearchCellTable
  saved_search_match: SavedSearchMatchTable
  saved_home_mail: SavedHomeMailTable
  mail_opt_out: MailOptOutTable
  job: JobTable
  conversation: ConversationTable
  message: MessageTable
  conversation_member: ConversationMemberTable
  contact_preference: ContactPreferenceTable
  viewing_slot: ViewingSlotTable
  viewing_booking: ViewingBookingTable
  listing_report: ListingReportTable
  hidden_listing: HiddenListingTable
  photo_hash_block: PhotoHashBlockTable
  stale_listing: StaleListingTable
  listing_stat: ListingStatTable
  view_salt: ViewSaltTable
  listing_visitor: ListingVisitorTable
  robot_visitor: RobotVisitorTable
}
