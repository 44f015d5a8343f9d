// The vocabulary check itself: it passes schema.org's own terms and names each invented one.
import { describe, expect, it } from 'vitest'
import { schemaOrgProblems } from './schema-org'

const offer = {
  '@type': 'Offer',
  price: 1500,
  priceCurrency: 'USD',
  availability: 'https://schema.org/InStock',
  businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
}

const listing = {
  '@context': 'https://schema.org',
  '@type': 'RealEstateListing',
  name: 'Bright Loft',
  url: 'https://homes.example/category/rent/1',
  datePosted: '2026-11-24T10:00:00.000Z',
  offers: offer,
  mainEntity: { '@type': 'Accommodation', numberOfBedrooms: 2, numberOfBathroomsTotal: 1 },
}

describe('schemaOrgProblems', () => {
  it('passes schema.org terms, a parent type’s properties and GoodRelations business functions', () => {
    expect(schemaOrgProblems(listing)).toEqual([])
  })

  it.each([
    [
      'an invented type',
      { '@context': 'https://schema.org', '@type': 'HouseListing' },
      '$: HouseListing is not',
    ],
    [
      'a data type as a node',
      { '@context': 'https://schema.org', '@type': 'Text' },
      '$: Text is not a schema.org type',
    ],
    ['an invented property', { ...listing, bedrooms: 2 }, '$.bedrooms: not a schema.org property'],
    [
      'a property of another type',
      { ...listing, numberOfBedrooms: 2 },
      '$.numberOfBedrooms: not a property of RealEstateListing',
    ],
    [
      'a value of the wrong type',
      { ...listing, offers: { '@type': 'Place' } },
      '$.offers: Place is not Demand or Offer',
    ],
    [
      'an invented enumeration member',
      { ...listing, offers: { ...offer, availability: 'https://schema.org/Rented' } },
      '$.offers.availability: "https://schema.org/Rented" is not ItemAvailability',
    ],
    [
      'an invented business function',
      {
        ...listing,
        offers: { ...offer, businessFunction: 'http://purl.org/goodrelations/v1#Rent' },
      },
      '$.offers.businessFunction',
    ],
    [
      'a fraction where a whole number belongs',
      { ...listing, mainEntity: { '@type': 'Accommodation', numberOfBathroomsTotal: 1.5 } },
      '$.mainEntity.numberOfBathroomsTotal: 1.5 is not Integer',
    ],
    ['a missing context', { ...listing, '@context': undefined }, '$: @context'],
  ])('names %s', (_, document, problem) => {
    expect(schemaOrgProblems(document)).toEqual([expect.stringContaining(problem)])
  })
})
