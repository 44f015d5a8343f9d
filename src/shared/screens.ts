// The spec's screens: the route patterns and titles that both the client's router and the
// server's page heads use, and the paths the screens link to.
import type { Listing } from './listing.js'

export const siteName = 'House Marketplace'

/** Each screen's route, in React Router's syntax (`:name` is a path segment), and its title. */
export const screens = {
  explore: { path: '/', title: 'Explore' },
  offers: { path: '/offers', title: 'Offers' },
  /** Not one of the spec's screens: its filters, sort and view are in the query. */
  search: { path: '/search', title: 'Search' },
  /** Titled by `categoryTitle`. */
  category: { path: '/category/:categoryName' },
  /** Titled by the listing's name. */
  listing: { path: '/category/:categoryName/:listingId' },
  contact: { path: '/contact/:landlordId', title: 'Contact Landlord' },
  /** Not one of the spec's screens: a landlord's public page. Titled by their name. */
  landlord: { path: '/users/:userId' },
  signIn: { path: '/sign-in', title: 'Sign In' },
  signUp: { path: '/sign-up', title: 'Sign Up' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot Password' },
  resetPassword: { path: '/reset-password', title: 'Reset Password' },
  oauthPopup: { path: '/oauth-popup', title: 'Sign In' },
  profile: { path: '/profile', title: 'My Profile' },
  /** Not one of the spec's screens: the homes the user saved with the heart. */
  saved: { path: '/saved', title: 'Saved homes' },
  createListing: { path: '/create-listing', title: 'Create a Listing' },
  editListing: { path: '/edit-listing/:listingId', title: 'Edit Listing' },
  /** Not one of the spec's screens: the user's conversations, and one of them. */
  messages: { path: '/messages', title: 'Messages' },
  conversation: { path: '/messages/:conversationId', title: 'Conversation' },
  /** Not one of the spec's screens: the user's booked viewings and the bookings of their listings. */
  viewings: { path: '/viewings', title: 'Viewings' },
  /** Not one of the spec's screens: the reported and hidden listings, for moderators only. */
  moderation: { path: '/moderation', title: 'Moderation' },
  /** Not one of the spec's screens: a listing's views, saves, messages and viewings, for its owner. */
  listingStats: { path: '/listing-stats/:listingId', title: 'Statistics' },
  /** Not one of the spec's screens: what the site counts and keeps, linked from the footer. */
  privacy: { path: '/privacy', title: 'Privacy' },
} as const

export const notFoundTitle = 'Not found'

/** What the browser's tab shows: 'Offers | House Marketplace'. */
export function documentTitle(title: string): string {
  return `${title} | ${siteName}`
}

/** The spec's screens: 'Places for rent' for rent, 'Places for sell' for any other category. */
export function categoryTitle(categoryName: string): string {
  return categoryName === 'rent' ? 'Places for rent' : 'Places for sell'
}

export function categoryPath(categoryName: string): string {
  return `/category/${encodeURIComponent(categoryName)}`
}

/** A listing's own page, under its category. */
export function listingPagePath(listing: Pick<Listing, 'type' | 'id'>): string {
  return `${categoryPath(listing.type)}/${encodeURIComponent(listing.id)}`
}

export function editListingPath(listingId: string): string {
  return `/edit-listing/${encodeURIComponent(listingId)}`
}

/** A landlord's public page: their name, how they reply, their listings on the market. */
export function landlordPagePath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`
}

/**
 * The contact page names the listing in its query: the mail's subject (the spec's screens), and
 * when known its id, so the page shows the listing's photo too.
 */
export function contactPath(landlordId: string, listingName: string, listingId?: string): string {
  const query = new URLSearchParams({ listingName })
  if (listingId !== undefined) query.set('listingId', listingId)
  return `/contact/${encodeURIComponent(landlordId)}?${query}`
}
