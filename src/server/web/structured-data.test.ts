// The JSON-LD of listing and list pages: schema.org's terms only, the offer as the page shows it,
// and inert inside the page whatever a listing's name holds.
import { describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import { asListing, randomListingRows } from '../../../tests/support/listing-rows'
import { schemaOrgProblems } from '../../../tests/support/schema-org'
import { listingStructuredData, listStructuredData, structuredDataScript } from './structured-data'

const publicUrl = 'https://homes.example'

const rental: Listing = {
  id: 'l1',
  type: 'rent',
  name: 'Bright Loft in Lyon',
  bedrooms: 3,
  bathrooms: 2,
  parking: true,
  furnished: false,
  location: '5 Rue de la République, Lyon, France',
  offer: true,
  regularPrice: 1800,
  discountedPrice: 1500,
  imageUrls: ['/media/images/abc/w1200.webp', 'https://cdn.example/images/def/w1200.webp'],
  geolocation: { lat: 45.76, lng: 4.83 },
  timestamp: '2026-11-24T10:00:00.000Z',
  userRef: 'u1',
  status: 'active',
  badges: [],
}

/** Many listings of every kind: rent and sale, on offer or not, open or closed. */
const listings = randomListingRows(200, ['u1', 'u2'], 15)
  .map(asListing)
  .map((listing, index) => ({ ...listing, imageUrls: index % 2 ? [] : rental.imageUrls }))

/** The JSON-LD a page's script holds, read back as a parser of the page would. */
function scriptJson(html: string): unknown {
  const match = /^<script type="application\/ld\+json">([^<]*)<\/script>$/.exec(html)
  expect(match).not.toBeNull()
  return JSON.parse(match![1]!)
}

describe('listingStructuredData', () => {
  it('is a RealEstateListing offering the home at its effective price per month', () => {
    expect(listingStructuredData(rental, publicUrl)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: 'https://homes.example/category/rent/l1',
      name: 'Bright Loft in Lyon',
      datePosted: '2026-11-24T10:00:00.000Z',
      image: [
        'https://homes.example/media/images/abc/w1200.webp',
        'https://cdn.example/images/def/w1200.webp',
      ],
      offers: {
        '@type': 'Offer',
        price: 1500,
        priceCurrency: 'USD',
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        availability: 'https://schema.org/InStock',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: 1500,
          priceCurrency: 'USD',
          unitCode: 'MON',
        },
      },
      mainEntity: {
        '@type': 'Accommodation',
        numberOfRooms: 3,
        numberOfBedrooms: 3,
        numberOfBathroomsTotal: 2,
        address: '5 Rue de la République, Lyon, France',
        geo: { '@type': 'GeoCoordinates', latitude: 45.76, longitude: 4.83 },
        amenityFeature: [
          { '@type': 'LocationFeatureSpecification', name: 'Parking', value: true },
          { '@type': 'LocationFeatureSpecification', name: 'Furnished', value: false },
        ],
      },
    })
  })

  it('sells a home for sale at one price, and says when it is sold', () => {
    const sold = { ...rental, type: 'sale', offer: false, status: 'sold' } as const
    const { offers } = listingStructuredData(sold, publicUrl) as { offers: object }
    expect(offers).toEqual({
      '@type': 'Offer',
      price: 1800,
      priceCurrency: 'USD',
      businessFunction: 'http://purl.org/goodrelations/v1#Sell',
      availability: 'https://schema.org/SoldOut',
    })
  })

  it('gives the facts the owner gave: description, type, floor area and pets', () => {
    const described = {
      ...rental,
      description: 'A loft <b>over</b> the river.\n\nQuiet.',
      homeType: 'apartment',
      floorArea: 85,
      petsAllowed: false,
    } as const
    const data = listingStructuredData(described, publicUrl) as {
      description: string
      mainEntity: object
    }
    expect(data.description).toBe(described.description)
    expect(data.mainEntity).toMatchObject({
      accommodationCategory: 'apartment',
      numberOfRooms: 3,
      floorSize: { '@type': 'QuantitativeValue', value: 85, unitCode: 'MTK' },
      petsAllowed: false,
    })
    expect(schemaOrgProblems(data)).toEqual([])
    const html = structuredDataScript(data)
    expect(html).not.toContain('<b>')
    expect(scriptJson(html)).toMatchObject({ description: described.description })
  })

  it("uses only schema.org's terms, for every kind of listing", () => {
    expect(new Set(listings.map((listing) => listing.status)).size).toBe(3)
    for (const listing of listings) {
      expect(schemaOrgProblems(listingStructuredData(listing, publicUrl))).toEqual([])
    }
  })
})

describe('listStructuredData', () => {
  it('lists the page’s listings in order by their pages', () => {
    const data = listStructuredData([rental, { ...rental, id: 'l2', type: 'sale' }], publicUrl, {
      complete: true,
    })
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          url: 'https://homes.example/category/rent/l1',
          name: 'Bright Loft in Lyon',
        },
        {
          '@type': 'ListItem',
          position: 2,
          url: 'https://homes.example/category/sale/l2',
          name: 'Bright Loft in Lyon',
        },
      ],
    })
    expect(schemaOrgProblems(data)).toEqual([])
    expect(schemaOrgProblems(listStructuredData([], publicUrl, { complete: true }))).toEqual([])
  })

  it('gives no number of items for the first page of a longer list', () => {
    const data = listStructuredData([rental], publicUrl, { complete: false })
    expect(data).not.toHaveProperty('numberOfItems')
    expect(data.itemListElement).toHaveLength(1)
    expect(schemaOrgProblems(data)).toEqual([])
  })
})

describe('structuredDataScript', () => {
  it('keeps a hostile name inert and gives it back whole to a JSON parser', () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028\u2029'
    const html = structuredDataScript(listingStructuredData({ ...rental, name }, publicUrl))
    expect(html).not.toMatch(/<\/script>.*<\/script>/)
    expect(html).not.toContain('<!--')
    expect(html).not.toMatch(/[\u2028\u2029&]/)
    expect(scriptJson(html)).toMatchObject({ name })
  })
})
