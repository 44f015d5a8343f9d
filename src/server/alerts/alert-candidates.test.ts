// The place keys only narrow: for random saved searches and random listings, on both databases, the
// candidates a listing reads (alertCandidatesQuery) include every search whose whole filter matches
// it, each once, none with alerts off and none of the listing's owner.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fuzzParameters, fuzzRuns, fuzzTimeout } from '../../../tests/support/fuzz/fuzz-run'
import { asListing, randomListingRows } from '../../../tests/support/listing-rows'
import { randomFilter } from '../../../tests/support/random-listings'
import { insertSavedSearch } from '../../../tests/support/saved-searches'
import { createTestApp, createUser, dialects, type TestApp } from '../../../tests/support/test-app'
import { effectivePrice } from '../../shared/listing'
import { listingFilterSchema } from '../../shared/listing-query-schema'
import { filterParameters, type ListingFilter } from '../../shared/listing-requests'
import { alertFrequencies } from '../../shared/saved-search'
import { alertCandidatesQuery } from '../saved-searches/alert-candidates.queries'
import { listingMatchesFilter } from './listing-matches-filter'

const owners = ['owner-a', 'owner-b']
const listings = randomListingRows(150, owners, 11).map(asListing)
// A tenth of the runs of the other properties: each run writes its searches and reads 150 times.
const runs = Math.max(5, Math.ceil(fuzzRuns / 10))

/** A map box about a listing's place, up to a degree each way, sides on the grid's lines too. */
const boxNearListing = fc
  .record({
    listing: fc.constantFrom(...listings),
    sides: fc.array(
      fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.25, 0.5)),
      { minLength: 4, maxLength: 4 },
    ),
  })
  .map(({ listing: { geolocation }, sides: [west, south, east, north] }): ListingFilter => {
    const longitude = (value: number) => {
      const wrapped = value > 180 ? value - 360 : value < -180 ? value + 360 : value
      return Math.round(wrapped * 1e4) / 1e4
    }
    const latitude = (value: number) => Math.round(Math.max(-90, Math.min(90, value)) * 1e4) / 1e4
    return {
      bbox: {
        west: longitude(geolocation.lng - west!),
        east: longitude(geolocation.lng + east!),
        south: latitude(geolocation.lat - south!),
        north: latitude(geolocation.lat + north!),
      },
    }
  })

/** Words as a listing is written, whole or their start: the place words are tried on matches. */
const wordsOfListing = fc
  .record({
    listing: fc.constantFrom(...listings),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }),
  })
  .map(({ listing, picks }): ListingFilter => {
    const written = `${listing.name} ${listing.location}`.split(/[\s,]+/).filter(Boolean)
    const q = picks.map(([which, cut]) => {
      const word = [...written[which % written.length]!]
      return word.slice(0, word.length - (cut % 2 === 0 ? 0 : cut % word.length)).join('')
    })
    return { q: q.join(' ') }
  })

const savedSearch = fc.record({
  // Most of them a box near a listing or its words: the keys are tried on listings that match.
  filter: fc.oneof(randomFilter(owners), boxNearListing, wordsOfListing),
  alerts: fc.constantFrom(...alertFrequencies),
})

describe.each(dialects)('the alert candidates on %s', (dialect) => {
  let t: TestApp
  let searcher: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    searcher = (await createUser(t.context, { name: 'Sam Searcher' })).id
  })
  afterAll(async () => {
    await t?.close()
  })

  it(
    'include every saved search whose filter a new listing meets',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(savedSearch, { minLength: 1, maxLength: 25 }),
          async (searches) => {
            await t.context.db.kysely.deleteFrom('saved_search').execute()
            const stored = []
            for (const { filter, alerts } of searches) {
              const query = Object.fromEntries(filterParameters(filter))
              const { id } = await insertSavedSearch(t.context, { userId: searcher, query, alerts })
              stored.push({ id, alerts, filter: listingFilterSchema.parse(query) })
            }
            for (const listing of listings) {
              const candidates = await alertCandidatesQuery(t.context.db.kysely, {
                ...listing,
                price: effectivePrice(listing),
              }).execute()
              const ids = candidates.map((candidate) => candidate.id)
              expect(new Set(ids).size, 'each search once').toBe(ids.length)
              const matched = stored.filter(
                (search) => search.alerts !== 'off' && listingMatchesFilter(listing, search.filter),
              )
              expect(ids, `${listing.name}, ${listing.location}`).toEqual(
                expect.arrayContaining(matched.map((search) => search.id)),
              )
              expect(candidates.every((candidate) => candidate.alerts !== 'off')).toBe(true)
            }
          },
        ),
        // Shrinking writes and reads the database for each step: the first failure is shown as is.
        { ...fuzzParameters(runs), endOnFailure: true },
      )
    },
    fuzzTimeout(runs) * 4,
  )
})
