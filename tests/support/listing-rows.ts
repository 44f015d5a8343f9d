// Random listing rows as the matching's tests use them: owned by named users, every flag set, and
// read back as the API's Listing that the alerts check a filter against.
import type { Listing } from '../../src/shared/listing'
import { randomListings } from './random-listings'
import type { ListingRow } from './test-app'

/** `count` rows generated from `seed`, each owned by one of `owners`. */
export function randomListingRows(count: number, owners: string[], seed: number): ListingRow[] {
  return randomListings(count, owners.length, seed).map(({ owner, ...fields }) => ({
    ...fields,
    userRef: owners[owner]!,
    parking: fields.parking ?? false,
    furnished: fields.furnished ?? false,
    offer: fields.offer ?? false,
    images: '[]',
  })) as ListingRow[]
}

/** A row as the listing the app would read from it. */
export function asListing(row: ListingRow): Listing {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    parking: row.parking,
    furnished: row.furnished,
    location: row.location,
    offer: row.offer,
    regularPrice: row.regularPrice,
    ...(row.discountedPrice !== null && { discountedPrice: row.discountedPrice }),
    imageUrls: [],
    geolocation: { lat: row.lat, lng: row.lng },
    timestamp: new Date(row.timestamp).toISOString(),
    userRef: row.userRef,
    status: row.status ?? 'active',
    badges: [],
    ...(row.description && { description: row.description }),
    ...(row.homeType != null && { homeType: row.homeType }),
    ...(row.floorArea != null && { floorArea: row.floorArea }),
    ...(row.availableFrom != null && { availableFrom: row.availableFrom }),
    ...(row.petsAllowed != null && { petsAllowed: row.petsAllowed }),
  }
}
