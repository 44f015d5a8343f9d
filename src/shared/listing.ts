// The listing as the API sends it (the spec's fields) and the spec's limits that both sides use.

export const listingTypes = ['rent', 'sale'] as const
export type ListingType = (typeof listingTypes)[number]

export function isListingType(value: string): value is ListingType {
  return (listingTypes as readonly string[]).includes(value)
}

/**
 * Active listings are listed and searched; a closed one keeps its page, marked sold or rented. An
 * expired one (its owner did not confirm it) keeps its page too; a hidden one (by a moderator) is
 * seen by its owner and the moderators only.
 */
export const listingStatuses = ['active', 'sold', 'rented', 'expired', 'hidden'] as const
export type ListingStatus = (typeof listingStatuses)[number]

/** The statuses an owner sets (PATCH /api/listings/:id/status). */
export const ownerStatuses = ['active', 'sold', 'rented'] as const
export type OwnerStatus = (typeof ownerStatuses)[number]

/** How a listing of each type leaves the market: a sale is sold, a rental rented. */
export const closedStatusOf = { sale: 'sold', rent: 'rented' } as const satisfies Record<
  ListingType,
  OwnerStatus
>

/** What kind of home a listing is (optional: the spec's form has no such field). */
export const homeTypes = [
  'house',
  'apartment',
  'townhouse',
  'studio',
  'room',
  'land',
  'other',
] as const
export type HomeType = (typeof homeTypes)[number]

/** 'new' while listed under 7 days; 'reduced' while at least 3% below its reference price. */
export const listingBadges = ['new', 'reduced'] as const
export type ListingBadge = (typeof listingBadges)[number]

export interface Geolocation {
  lat: number
  lng: number
}

export interface Listing {
  id: string
  type: ListingType
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  offer: boolean
  regularPrice: number
  discountedPrice?: number
  imageUrls: string[]
  geolocation: Geolocation
  /** ISO 8601 */
  timestamp: string
  userRef: string
  /** a sale can only be sold, a rental only rented */
  status: ListingStatus
  /** why a moderator hid it: only its owner and the moderators see a hidden listing */
  hiddenReason?: string
  /** plain text, line breaks kept; absent when the owner wrote none */
  description?: string
  homeType?: HomeType
  /** square metres, whole */
  floorArea?: number
  /** `YYYY-MM-DD` */
  availableFrom?: string
  petsAllowed?: boolean
  badges: ListingBadge[]
  /** ISO 8601: the last change of the price a buyer pays; absent if it never changed */
  priceChangedAt?: string
}

/** One entry of `GET /api/listings/:id/price-history`, oldest first. */
export interface PriceHistoryEntry {
  price: number
  regularPrice: number
  discountedPrice?: number
  offer: boolean
  /** ISO 8601 */
  at: string
}

export interface ListingPage {
  items: Listing[]
  nextCursor: string | null
}

export const limits = {
  pageSize: 10,
  maxPageSize: 50,
  recommendedCount: 5,
  nameLength: { min: 10, max: 32 },
  rooms: { min: 1, max: 50 },
  price: { min: 50, max: 750_000_000 },
  maxImages: 6,
  uploadChunkBytes: 262_144,
  mapZoom: 13,
  descriptionLength: { max: 5000 },
  floorArea: { min: 5, max: 100_000 },
  linkCopiedMs: 2000,
  toastMs: 5000,
} as const

/** The price a buyer pays: the discounted one when the listing is on offer. */
export function effectivePrice(
  listing: Pick<Listing, 'offer' | 'regularPrice' | 'discountedPrice'>,
) {
  return listing.offer && listing.discountedPrice !== undefined
    ? listing.discountedPrice
    : listing.regularPrice
}
