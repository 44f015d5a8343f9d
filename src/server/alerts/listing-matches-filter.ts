// Whether one listing is among a search's results: the search's conditions (search/search-conditions.ts)
// checked on the listing itself, for the saved searches a new listing may match.
import { effectivePrice, type Listing } from '../../shared/listing.js'
import type { ListingFilter } from '../../shared/listing-requests.js'
import { polygonContains } from '../../shared/polygon.js'
import { queryWords } from '../listings/search-words.js'
import { listingWords } from '../saved-searches/alert-candidates.queries.js'

/**
 * `words`: the listing's words, when the caller checks many filters on one listing; `placeId`:
 * the place it is tied to (places/places.queries.ts `listingPlaceId`).
 */
export function listingMatchesFilter(
  listing: Listing,
  filter: ListingFilter,
  words: () => string[] = () => listingWords(listing),
  placeId: number | null = null,
): boolean {
  const price = effectivePrice(listing)
  const { lat, lng } = listing.geolocation
  const { bbox } = filter
  return (
    listing.status === 'active' &&
    (filter.type === undefined || listing.type === filter.type) &&
    (filter.offer === undefined || listing.offer === filter.offer) &&
    (filter.userRef === undefined || listing.userRef === filter.userRef) &&
    (filter.minPrice === undefined || price >= filter.minPrice) &&
    (filter.maxPrice === undefined || price <= filter.maxPrice) &&
    (filter.minBedrooms === undefined || listing.bedrooms >= filter.minBedrooms) &&
    (filter.minBathrooms === undefined || listing.bathrooms >= filter.minBathrooms) &&
    (filter.parking === undefined || listing.parking === filter.parking) &&
    (filter.furnished === undefined || listing.furnished === filter.furnished) &&
    matchesFacts(listing, filter) &&
    (filter.place === undefined || placeId === filter.place) &&
    (bbox === undefined ||
      (lat >= bbox.south &&
        lat <= bbox.north &&
        // A box whose west lies east of its east spans the 180th meridian.
        (bbox.west <= bbox.east
          ? lng >= bbox.west && lng <= bbox.east
          : lng >= bbox.west || lng <= bbox.east))) &&
    (filter.polygon === undefined || polygonContains(filter.polygon, { lat, lng })) &&
    (filter.q === undefined ||
      queryWords(filter.q).every((wanted) => words().some((word) => word.startsWith(wanted))))
  )
}

/** The facts' filters: an area range leaves out a listing with no area, a date keeps an undated one. */
function matchesFacts(listing: Listing, filter: ListingFilter): boolean {
  const { homeType, floorArea, availableFrom } = listing
  return (
    (filter.homeType === undefined ||
      (homeType !== undefined && filter.homeType.includes(homeType))) &&
    (filter.minArea === undefined || (floorArea !== undefined && floorArea >= filter.minArea)) &&
    (filter.maxArea === undefined || (floorArea !== undefined && floorArea <= filter.maxArea)) &&
    // Dates as `YYYY-MM-DD` order as their text does.
    (filter.availableBy === undefined ||
      availableFrom === undefined ||
      availableFrom <= filter.availableBy) &&
    (filter.petsAllowed === undefined || listing.petsAllowed === true)
  )
}
