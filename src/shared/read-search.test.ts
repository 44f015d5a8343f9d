import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { listingSorts, searchLimits, type ListingFilter } from './listing-requests'
import { readSearch } from './read-search'
import { searchQuery, type SearchState } from './search-state'

const read = (query: string) => readSearch(new URLSearchParams(query))

describe('readSearch', () => {
  it('reads every filter, the sort and the view from the query', () => {
    expect(
      read(
        'q=rivoli&type=rent&offer=true&minPrice=500&maxPrice=2000&minBedrooms=2&minBathrooms=1' +
          '&parking=false&furnished=true&bbox=2.2,48.8,2.4,48.9&sort=price-asc&view=map',
      ),
    ).toEqual({
      filter: {
        q: 'rivoli',
        type: 'rent',
        offer: true,
        minPrice: 500,
        maxPrice: 2000,
        minBedrooms: 2,
        minBathrooms: 1,
        parking: false,
        furnished: true,
        bbox: { west: 2.2, south: 48.8, east: 2.4, north: 48.9 },
      },
      sort: 'price-asc',
      view: 'map',
    })
  })

  it('is no filter, newest first, as a list, for an empty query', () => {
    expect(read('')).toEqual({ filter: {}, sort: 'newest', view: 'list' })
  })

  it('drops each bad value and keeps the rest of the search', () => {
    expect(
      read(
        'type=castle&minPrice=12.5&maxPrice=900&minBedrooms=0&minBathrooms=51&parking=yes' +
          '&bbox=1,2,3&q=%20%20&sort=cheapest&view=globe&furnished=false',
      ),
    ).toEqual({ filter: { maxPrice: 900, furnished: false }, sort: 'newest', view: 'list' })
  })

  it('drops the min price when it is above the max price, and keeps the max', () => {
    expect(read('minPrice=3000&maxPrice=1000&type=sale').filter).toEqual({
      type: 'sale',
      maxPrice: 1000,
    })
  })

  it('trims the text, and drops text of punctuation alone or over 100 characters', () => {
    expect(read('q=%20San%20Jos%C3%A9%20').filter).toEqual({ q: 'San José' })
    expect(read('q=!!!').filter).toEqual({})
    expect(read(`q=${'a'.repeat(searchLimits.textLength.max + 1)}`).filter).toEqual({})
  })

  it("leaves out parameters a search does not take, such as another owner's userRef", () => {
    expect(read('userRef=abc&cursor=xyz&limit=50&offer=false').filter).toEqual({ offer: false })
  })

  it('takes the first of a repeated parameter', () => {
    expect(read('type=sale&type=rent').filter).toEqual({ type: 'sale' })
  })
})

const filters: fc.Arbitrary<ListingFilter> = fc
  .record(
    {
      q: fc.stringMatching(/^[a-zà-ÿ0-9][a-zà-ÿ0-9 ]{0,20}[a-z0-9]$/),
      type: fc.constantFrom('rent' as const, 'sale' as const),
      offer: fc.boolean(),
      minPrice: fc.integer({ min: 0, max: 5_000_000 }),
      maxPrice: fc.integer({ min: 0, max: 5_000_000 }),
      minBedrooms: fc.integer({ min: 1, max: 50 }),
      minBathrooms: fc.integer({ min: 1, max: 50 }),
      parking: fc.boolean(),
      furnished: fc.boolean(),
      bbox: fc
        .tuple(
          fc.integer({ min: -180_000_000, max: 180_000_000 }),
          fc.integer({ min: -90_000_000, max: 90_000_000 }),
          fc.integer({ min: -180_000_000, max: 180_000_000 }),
          fc.integer({ min: -90_000_000, max: 90_000_000 }),
        )
        .map(([west, a, east, b]) => ({
          west: west / 1e6,
          south: Math.min(a, b) / 1e6,
          east: east / 1e6,
          north: Math.max(a, b) / 1e6,
        })),
    },
    { requiredKeys: [] },
  )
  .filter(
    (filter) =>
      filter.minPrice === undefined ||
      filter.maxPrice === undefined ||
      filter.minPrice <= filter.maxPrice,
  )

const searches: fc.Arbitrary<SearchState> = fc.record({
  filter: filters,
  sort: fc.constantFrom(...listingSorts),
  view: fc.constantFrom('list' as const, 'map' as const),
})

describe('a search link', () => {
  it('reads back as the search it was written from', () => {
    fc.assert(
      fc.property(searches, (search) => {
        expect(read(searchQuery(search))).toEqual(search)
      }),
    )
  })
})
