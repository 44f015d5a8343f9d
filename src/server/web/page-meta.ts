// What a screen's head and server-rendered body are made from: each route's `describe` reads it.
import type { Listing } from '../../shared/listing.js'
import type { ListingStats } from '../../shared/listing-stats.js'
import type { ModerationList } from '../../shared/report.js'
import type { PageData } from '../../shared/page-data.js'
import type { Db } from '../db/database.js'
import type { ListingQueries, Versioned } from '../listings/listings.queries.js'
import type { MediaStore } from '../media/media-store.js'
import type { UserQueries } from '../users/users.queries.js'

export interface PageMeta {
  title: string
  description?: string
  /** A list page asked after a cursor this site did not make for that list: 400. */
  badCursor?: boolean
  notFound?: boolean
  /** Not found because it was deleted: 410 Gone, so search engines drop it. */
  gone?: boolean
  /** An API read to preload: the path the client will fetch when the page holds no data. */
  data?: string
  /** What the screen is rendered from on the server, and the listings' version it was read at. */
  pageData?: Versioned<PageData>
  /** The first image the screen shows, with the `sizes` it is shown at. */
  image?: { url: string; sizes: string }
  /** The listing a shared link previews. */
  listing?: Listing
  /** The listings a list screen shows first. */
  listings?: Listing[]
  /** Whether `listings` is the whole list (no further page), so that its count may be given. */
  listComplete?: boolean
  /** The screen's one address, when not the path it was asked at. */
  canonical?: string
  /** Not for search engines: a form, or the user's own screens. */
  noindex?: boolean
  /** A screen for visitors only (sign in, sign up): see `PageHead`. */
  visitorsOnly?: boolean
}

/** The route's parameters by name: `{ categoryName }` for `/category/:categoryName`. */
export type RouteParams = Partial<Record<string, string>>

/** The reads of users a page's head needs: the contact page's landlord, a landlord's own page. */
export type PageUsers = Pick<UserQueries, 'getProfile' | 'getLandlordProfile'>

/** What a page's head is read from: the database for its lists, the listings and the users. */
export interface PageReads {
  db: Db
  media: MediaStore
  listings: Pick<ListingQueries, 'readOne' | 'wasDeleted'>
  users: PageUsers
  /** the time now, in ms (Date.now unless a test moves it): the listings' badges depend on it */
  now?: () => number
  /** A hidden listing, when the person asking is its owner or a moderator. */
  hiddenListing?: (listingId: string) => Promise<Listing | undefined>
  /** The reported listings, when the person asking is a moderator. */
  moderationList?: () => Promise<ModerationList | undefined>
  /** A listing and its statistics of the default period, when the person asking owns it. */
  ownListingStats?: (
    listingId: string,
  ) => Promise<{ listing: Listing; stats: ListingStats } | undefined>
}

/** What the signed-in person asking may see that others may not. */
export type PageViewer = Pick<PageReads, 'hiddenListing' | 'moderationList' | 'ownListingStats'>

export type Describe = (
  params: RouteParams,
  search: URLSearchParams,
  reads: PageReads,
) => PageMeta | Promise<PageMeta>
