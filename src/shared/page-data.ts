// The data a server-rendered screen is built from, written into the page beside its HTML: the
// client puts it in its query cache before it hydrates, so it renders the same and asks for nothing
// again (docs/decisions/021-server-rendering.md).
import type { Listing, ListingPage } from './listing.js'
import type { ListingFilter, ListingSort } from './listing-requests.js'
import type { LandlordProfile } from './landlord-profile.js'
import type { UserProfile } from './profile.js'
import type { ListingStats } from './listing-stats.js'
import type { ModerationList } from './report.js'

export interface PageData {
  /** A listing screen's listing; null when there is no such listing. */
  listing?: { id: string; value: Listing | null }
  /**
   * The first page of a list screen (Offers, a category, a search): the list's start, or the page
   * after `cursor` when the address names one (a 'Load More' link followed without scripts).
   */
  listingPages?: { filter: ListingFilter; sort: ListingSort; cursor?: string; page: ListingPage }
  /** The contact page's landlord, as GET /api/users/:id returns it. */
  landlord?: { id: string; value: UserProfile }
  /** A landlord's public page: their profile; null when there is no such user. */
  landlordProfile?: { id: string; value: LandlordProfile | null }
  /** Explore's carousel. */
  recommended?: Listing[]
  /** The moderators' list of reported listings (status 'open'), as GET /api/moderation/reports. */
  moderation?: ModerationList
  /** A listing's statistics screen, for its owner: the default period, as the stats API returns it. */
  listingStats?: { id: string; days: number; value: ListingStats }
}

/** The id of the script element that carries a page's data as JSON. */
export const pageDataElementId = 'page-data'
