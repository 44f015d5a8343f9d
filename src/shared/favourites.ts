// Favourites (the hearts) as the API sends them, and their limit (the contract's favourites).
import type { ListingPage } from './listing.js'

export const favouriteLimits = {
  /** A user's saved homes at most; the next save is refused with 400. */
  perUser: 500,
} as const

/** GET /api/favourites: the saved listings, newest saved first, closed ones included. */
export type FavouritePage = ListingPage

/** GET /api/favourites/ids: every listing the caller saved, for the hearts. */
export interface FavouriteIds {
  ids: string[]
}

export const favouriteLimitMessage = `You can save up to ${favouriteLimits.perUser} homes: remove one from your saved homes first`
