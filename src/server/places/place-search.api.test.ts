// The `place` search parameter on both databases: the list and the map of a place's listings
// against a brute-force filter of a few thousand random listings around a few nearby cities, and
// the plans of its statements.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage } from '../../shared/listing'
import {
  filterParameters,
  listingSorts,
  type ListingFilter,
  type MapResponse,
} from '../../shared/listing-requests'
import { fuzzParameters, fuzzSeed } from '../../../tests/support/fuzz/fuzz-run'
import { CompiledQuery } from 'kysely'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { recordStatements } from '../../../tests/support/statements'
import { matchesFilter, searchListings } from '../../../tests/support/search-oracle'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  requestJson,
  type ListingFields,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'
import { seededRandom } from '../seed/random'
import { placeOfPoint } from './place-ties'
import { ensurePlaces, type PlaceRow } from './places.queries'

/** Towns a few km apart, so that the nearest city often changes within a few km. */
const centres = [
  { lat: 51.5085, lng: -0.1257 },
  { lat: 51.4545, lng: -0.9781 },
  { lat: 51.8787, lng: -0.42 },
  { lat: 48.8534, lng: 2.3488 },
  { lat: 0, lng: -150 },
]

function randomRows(count: number, userRef: string): { rows: ListingFields[]; places: PlaceRow[] } {
  const source = seededRandom(fuzzSeed)
  const random = () => source.next()
  const places = new Map<number, PlaceRow>()
  const rows: ListingFields[] = []
  for (let n = 0; n < count; n++) {
    const centre = centres[Math.floor(random() * centres.length)]!
    const lat = centre.lat + (random() - 0.5) * 0.8
    const lng = centre.lng + (random() - 0.5) * 1.2
    const place = placeOfPoint({ lat, lng })
    if (place) places.set(place.id, place)
    const type = random() < 0.5 ? 'rent' : 'sale'
    rows.push({
      userRef,
      type,
      name: `Flat ${n}`,
      lat,
      lng,
      placeId: place?.id ?? null,
      regularPrice: 500 + Math.floor(random() * 10) * 250,
      timestamp: Date.UTC(2025, 0, 1) + Math.floor(random() * 50) * 1000,
      status: random() < 0.9 ? 'active' : type === 'rent' ? 'rented' : 'sold',
    })
  }
  return { rows, places: [...places.values()] }
}

describe.each(dialects)('the place parameter on %s', (dialect) => {
  let t: TestApp
  let rows: ListingRow[] = []
  let placeIds: number[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const owner = await createUser(t.context)
    const made = randomRows(3000, owner.id)
    await ensurePlaces(t.context.db.kysely, made.places)
    rows = await insertListings(t.context, made.rows)
    placeIds = made.places.map((place) => place.id)
  }, 60_000)
  afterAll(() => t?.close())

  const filters = () =>
    fc.record(
      {
        place: fc.oneof(fc.constantFrom(...placeIds), fc.constant(2147483647)),
        type: fc.constantFrom('rent' as const, 'sale' as const),
        minPrice: fc.constantFrom(750, 1500),
        bbox: fc.constant({ west: -1, south: 51, east: 0, north: 52 }),
      },
      { requiredKeys: ['place'] },
    )

  it('lists and maps exactly the listings tied to the place, under each sort', async () => {
    expect(placeIds.length).toBeGreaterThan(20)
    await fc.assert(
      fc.asyncProperty(filters(), fc.constantFrom(...listingSorts), async (filter, sort) => {
        const search = new URLSearchParams(filterParameters(filter))
        if (sort !== 'newest') search.set('sort', sort)
        search.set('limit', '50')
        const page = await requestJson<ListingPage>(t.app, `/api/listings?${search}`)
        expect(page.status).toBe(200)
        const expected = searchListings(rows, filter, sort).slice(0, 50)
        expect(page.body.items.map((item) => item.id)).toEqual(expected.map((row) => row.id))

        const mapFilter: ListingFilter = {
          ...filter,
          bbox: filter.bbox ?? { west: -180, south: -90, east: 180, north: 90 },
        }
        const map = await requestJson<MapResponse>(
          t.app,
          `/api/listings/map?${new URLSearchParams([...filterParameters(mapFilter), ['zoom', '3']])}`,
        )
        expect(map.status).toBe(200)
        expect(map.body.total).toBe(
          rows.filter((row) => matchesFilter(row, mapFilter, 'map')).length,
        )
      }),
      fuzzParameters(40),
    )
  })

  it('rejects a place that is not a positive whole number with a 400 naming place', async () => {
    for (const place of ['0', '-3', 'london', '1.5', '2147483648', '12345678901']) {
      const response = await requestJson<{ fields: Record<string, string> }>(
        t.app,
        `/api/listings?place=${place}`,
      )
      expect(response.status).toBe(400)
      expect(Object.keys(response.body.fields)).toEqual(['place'])
    }
  })

  /** The plans of the statements of a request that name the place, each read by `index`. */
  async function expectPlaceIndex(path: string, index: RegExp) {
    const statements = await recordStatements(dialect, () => requestJson(t.app, path))
    const placed = statements.filter((statement) => /"placeId" =/.test(statement.sql))
    expect(placed.length).toBeGreaterThan(0)
    for (const statement of placed) {
      const plan = await queryPlan(t.context.db, () => ({
        compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
      }))
      const described = `${statement.sql}\n${plan.join('\n')}`
      expect(scansTable(plan, 'listing'), described).toBe(false)
      expect(plan.join('\n'), described).toMatch(index)
      expect(plan.join('\n'), described).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort/)
    }
  }

  it("reads a place's page from its own index, in order, under each sort", async () => {
    const busiest = placeIds
      .map((id) => ({ id, count: rows.filter((row) => row.placeId === id).length }))
      .sort((a, b) => b.count - a.count)[0]!.id
    await expectPlaceIndex(`/api/listings?place=${busiest}&limit=7`, /listing_place_newest/)
    await expectPlaceIndex(
      `/api/listings?place=${busiest}&sort=price-asc&limit=7`,
      /listing_place_price/,
    )
    await expectPlaceIndex(
      `/api/listings?place=${busiest}&sort=price-desc&type=rent&limit=7`,
      /listing_place_price/,
    )
  })
})
