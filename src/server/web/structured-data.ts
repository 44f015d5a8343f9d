// What search engines read of a page beside its text: schema.org terms as JSON-LD. A listing's page
// is a RealEstateListing offering the home (an Accommodation) for rent or sale; a list page is an
// ItemList of the listings it shows first. The terms are checked against schema.org's vocabulary
// in the tests (tests/support/schema-org.ts); docs/decisions/020-structured-data.md says why these.
import { effectivePrice, type Listing } from '../../shared/listing.js'
import { imageVariantUrl } from '../../shared/media.js'
import { listingPagePath } from '../../shared/screens.js'
import { jsonInScript } from '../lib/escape.js'

type StructuredData = Record<string, unknown>

const context = 'https://schema.org'

/** GoodRelations' business functions, the values schema.org's `businessFunction` takes. */
const businessFunctions = {
  rent: 'http://purl.org/goodrelations/v1#LeaseOut',
  sale: 'http://purl.org/goodrelations/v1#Sell',
} as const

/** `publicUrl` + a path or a media URL, as an absolute URL. */
function absoluteUrl(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl}/`).toString()
}

/** A listing's page: its offer (price, rent or sale, still open or not) and the home's facts. */
export function listingStructuredData(listing: Listing, publicUrl: string): StructuredData {
  const price = effectivePrice(listing)
  const offer: StructuredData = {
    '@type': 'Offer',
    price,
    priceCurrency: 'USD',
    businessFunction: businessFunctions[listing.type],
    // A sold or rented home keeps its page; its offer is no longer open.
    availability: `${context}/${listing.status === 'active' ? 'InStock' : 'SoldOut'}`,
  }
  if (listing.type === 'rent') {
    // UN/CEFACT's code for a month: the rent is a price per month.
    offer.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: 'USD',
      unitCode: 'MON',
    }
  }
  return {
    '@context': context,
    '@type': 'RealEstateListing',
    url: absoluteUrl(listingPagePath(listing), publicUrl),
    name: listing.name,
    ...(listing.description && { description: listing.description }),
    datePosted: listing.timestamp,
    image: listing.imageUrls.map((url) => absoluteUrl(imageVariantUrl(url, 1200), publicUrl)),
    offers: offer,
    mainEntity: {
      '@type': 'Accommodation',
      ...(listing.homeType && { accommodationCategory: listing.homeType }),
      numberOfRooms: listing.bedrooms,
      numberOfBedrooms: listing.bedrooms,
      numberOfBathroomsTotal: listing.bathrooms,
      // UN/CEFACT's code for a square metre.
      ...(listing.floorArea !== undefined && {
        floorSize: { '@type': 'QuantitativeValue', value: listing.floorArea, unitCode: 'MTK' },
      }),
      ...(listing.petsAllowed !== undefined && { petsAllowed: listing.petsAllowed }),
      // The location is the owner's own words, not parted into street and city.
      address: listing.location,
      geo: {
        '@type': 'GeoCoordinates',
        latitude: listing.geolocation.lat,
        longitude: listing.geolocation.lng,
      },
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Parking', value: listing.parking },
        { '@type': 'LocationFeatureSpecification', name: 'Furnished', value: listing.furnished },
      ],
    },
  }
}

/**
 * A list page: the listings it shows first, in order, each by its page's URL and name. Their
 * number is given only when they are the `complete` list: schema.org's `numberOfItems` counts the
 * whole list, not the part a page shows.
 */
export function listStructuredData(
  listings: Listing[],
  publicUrl: string,
  { complete }: { complete: boolean },
): StructuredData {
  return {
    '@context': context,
    '@type': 'ItemList',
    ...(complete && { numberOfItems: listings.length }),
    itemListElement: listings.map((listing, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absoluteUrl(listingPagePath(listing), publicUrl),
      name: listing.name,
    })),
  }
}

/** `<script type="application/ld+json">` holding `data`, whatever text its values hold. */
export function structuredDataScript(data: StructuredData): string {
  return `<script type="application/ld+json">${jsonInScript(data)}</script>`
}
