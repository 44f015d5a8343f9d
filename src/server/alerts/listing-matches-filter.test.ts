// A new listing meets a saved search's filters exactly when the search would list it: checked
// against the test suite's own slow search (tests/support/search-oracle.ts), through the query
// strings a saved search stores.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzParameters } from '../../../tests/support/fuzz/fuzz-run'
import { asListing, randomListingRows } from '../../../tests/support/listing-rows'
import { randomFilter } from '../../../tests/support/random-listings'
import { matchesFilter } from '../../../tests/support/search-oracle'
import { listingFilterSchema } from '../../shared/listing-query-schema'
import { filterParameters } from '../../shared/listing-requests'
import { listingMatchesFilter } from './listing-matches-filter'

const owners = ['owner-a', 'owner-b']

const rows = randomListingRows(300, owners, 7)

describe('listingMatchesFilter', () => {
  it('agrees with the search on every listing, for filters stored as a saved search stores them', () => {
    fc.assert(
      fc.property(randomFilter(owners), (filter) => {
        const stored = JSON.parse(JSON.stringify(Object.fromEntries(filterParameters(filter))))
        const parsed = listingFilterSchema.parse(stored)
        for (const row of rows) {
          // Only listings on the market, with an owner's filter too: as the map shows them.
          expect(listingMatchesFilter(asListing(row), parsed), row.name).toBe(
            matchesFilter(row, filter, 'map'),
          )
        }
      }),
      fuzzParameters(),
    )
  })

  it('reads a box across the 180th meridian, accents and word starts', () => {
    const [row] = rows
    const fiji = asListing({ ...row!, lat: -17.7, lng: 178.4, name: 'Beach house Ñandú' })
    const samoa = { ...fiji, geolocation: { lat: -13.8, lng: -171.8 } }
    const bbox = { west: 170, south: -20, east: -170, north: -10 }
    expect(listingMatchesFilter(fiji, { bbox })).toBe(true)
    expect(listingMatchesFilter(samoa, { bbox })).toBe(true)
    expect(listingMatchesFilter({ ...fiji, geolocation: { lat: -17.7, lng: 0 } }, { bbox })).toBe(
      false,
    )
    expect(listingMatchesFilter(fiji, { q: 'NANDU beach' })).toBe(true)
    expect(listingMatchesFilter(fiji, { q: 'andu' })).toBe(false)
  })

  it('never matches a closed listing', () => {
    const listing = asListing(rows[0]!)
    expect(listingMatchesFilter(listing, {})).toBe(true)
    expect(listingMatchesFilter({ ...listing, status: 'sold' }, {})).toBe(false)
  })
})
