// GET /api/listings and /api/listings/map with a `polygon`, against a brute-force search of every
// listing in memory (tests/support/search-oracle.ts), on every dialect: concave shapes and shapes
// across the 180th meridian, under every sort and through every page.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  filterParameters,
  listingSorts,
  searchLimits,
  worldBbox,
  type ListingFilter,
  type ListingSort,
  type MapResponse,
} from '../../shared/listing-requests'
import { listingsPath } from '../../shared/listing-query'
import { polygonMessages, type Polygon } from '../../shared/polygon'
import { seededRandom } from '../seed/random'
import { fuzzParameters, fuzzSeed } from '../../../tests/support/fuzz/fuzz-run'
import { readAllPages } from '../../../tests/support/list-pages'
import { recordStatements } from '../../../tests/support/statements'
import { randomListings } from '../../../tests/support/random-listings'
import { matchesFilter, searchListings } from '../../../tests/support/search-oracle'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  requestJson,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'

/** Where the listings lie: round Paris, and round Fiji across the 180th meridian. */
const centres = [
  { lat: 48.86, lng: 2.35 },
  { lat: -17, lng: 180 },
]
const spread = 0.6

const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng <= -180 ? lng + 360 : lng)
const sixDecimals = (value: number) => Number(value.toFixed(6))

/** A C open to the east, `size` degrees a side, its notch the middle third. */
function letterC(lat: number, lng: number, size: number): Polygon {
  const corners = [
    [0, 0],
    [0, 3],
    [1, 3],
    [1, 1],
    [2, 1],
    [2, 3],
    [3, 3],
    [3, 0],
  ] as const
  return corners.map(([north, east]) => ({
    lat: sixDecimals(lat + (north - 1.5) * (size / 3)),
    lng: sixDecimals(wrap(lng + (east - 1.5) * (size / 3))),
  }))
}

/**
 * 50 corners: a straight south side and a saw-tooth north side over Paris, so that a band of
 * latitude near the top crosses most of the edges.
 */
const comb: Polygon = [
  { lat: 48.3, lng: 2.0 },
  { lat: 48.3, lng: 2.7 },
  ...Array.from({ length: 48 }, (_, n) => ({
    lat: sixDecimals(n % 2 === 0 ? 49.3 - n * 0.001 : 48.6 + n * 0.01),
    lng: sixDecimals(2.7 - (n * 0.7) / 47),
  })),
]

const centre = fc.record({
  at: fc.constantFrom(...centres),
  north: fc.integer({ min: -300, max: 300 }),
  east: fc.integer({ min: -300, max: 300 }),
})

/** Corners at rising angles round a centre, each at its own distance: a star, often concave. */
const starShape = fc
  .record({
    centre,
    corners: fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { maxLength: 47 }),
    reach: fc.array(fc.integer({ min: 5, max: 400 }), { minLength: 50, maxLength: 50 }),
  })
  .map(({ centre: { at, north, east }, corners, reach }): Polygon =>
    // Corners at 0°, 120° and 240° among them: no gap of 180°, so the edges never cross.
    [...new Set([0, 120, 240, ...corners])]
      .sort((a, b) => a - b)
      .map((angle, index) => {
        const radians = (angle * Math.PI) / 180
        const distance = reach[index]! / 1000
        return {
          lat: sixDecimals(at.lat + north / 1000 + distance * Math.sin(radians)),
          lng: sixDecimals(wrap(at.lng + east / 1000 + distance * Math.cos(radians))),
        }
      }),
  )

const cShape = fc
  .record({ centre, size: fc.integer({ min: 30, max: 900 }) })
  .map(({ centre: { at, north, east }, size }) =>
    letterC(at.lat + north / 1000, at.lng + east / 1000, size / 1000),
  )

/** An area with, at times, a box or other filters beside it. */
const areaFilter: fc.Arbitrary<ListingFilter> = fc
  .record({
    polygon: fc.oneof(starShape, cShape),
    type: fc.option(fc.constantFrom('rent' as const, 'sale' as const), { nil: undefined }),
    minPrice: fc.option(fc.constantFrom(1000, 2000, 300_000), { nil: undefined }),
    bbox: fc.option(
      fc.constantFrom(
        { west: 2.3, south: 48.7, east: 2.6, north: 49 },
        { west: 179.9, south: -17.5, east: -179.7, north: -16.8 },
        worldBbox,
      ),
      { nil: undefined },
    ),
  })
  .map((filter) =>
    Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
  )

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)

describe.each(dialects)('search in an area on %s', (dialect) => {
  let t: TestApp
  let rows: ListingRow[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const userIds = [(await createUser(t.context)).id, (await createUser(t.context)).id]
    const random = seededRandom(fuzzSeed)
    const listings = randomListings(3000, userIds.length, fuzzSeed).map(
      ({ owner, ...fields }, index) => {
        const at = centres[index % centres.length]!
        return {
          ...fields,
          userRef: userIds[owner]!,
          lat: at.lat + (random.next() * 2 - 1) * spread,
          lng: wrap(at.lng + (random.next() * 2 - 1) * spread),
        }
      },
    )
    rows = await insertListings(t.context, listings)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  async function expectPagesOf(filter: ListingFilter, sort: ListingSort) {
    const expected = ids(searchListings(rows, filter, sort))
    const limit = Math.max(10, Math.ceil(expected.length / 12))
    const path = listingsPath({ filter, sort, limit })
    const pages = await readAllPages(t.app, path, Math.ceil(expected.length / limit) + 2)
    const wanted = Array.from({ length: Math.ceil(expected.length / limit) }, (_, n) =>
      expected.slice(n * limit, (n + 1) * limit),
    )
    expect(
      pages.map((page) => ids(page.items)),
      path,
    ).toEqual([...wanted, []])
  }

  async function expectMapOf(filter: ListingFilter) {
    const query = new URLSearchParams(filterParameters({ bbox: worldBbox, ...filter }))
    query.set('zoom', '12')
    const path = `/api/listings/map?${query.toString()}`
    const { status, body } = await requestJson<MapResponse>(t.app, path)
    expect(status, path).toBe(200)
    const matches = new Set(ids(rows.filter((row) => matchesFilter(row, filter, 'map'))))
    expect(body.total, path).toBe(matches.size)
    const clustered = body.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
    expect(body.items.length + clustered, path).toBe(body.total)
    for (const id of ids(body.items)) expect(matches.has(id), `${path}: ${id}`).toBe(true)
    if (body.total <= searchLimits.mapItems) expect(new Set(ids(body.items))).toEqual(matches)
  }

  it('lists exactly the listings inside the area, under each sort, page after page', async () => {
    let found = 0
    await fc.assert(
      fc.asyncProperty(areaFilter, async (filter) => {
        for (const sort of listingSorts) await expectPagesOf(filter, sort)
        await expectMapOf(filter)
        found += searchListings(rows, filter, 'newest').length
      }),
      {
        ...fuzzParameters<[ListingFilter]>(25),
        endOnFailure: true,
        examples: [
          [{ polygon: letterC(48.86, 2.35, 0.6) }],
          [{ polygon: letterC(-17, 180, 0.6), bbox: worldBbox }],
          [{ polygon: comb }],
        ],
      },
    )
    // The areas held listings: the comparison was not of empty lists.
    expect(found).toBeGreaterThan(100)
  })

  it('leaves out the notch of a C, on the list and on the map', async () => {
    for (const polygon of [letterC(48.86, 2.35, 0.6), letterC(-17, 180, 0.6)]) {
      const notch = rows.filter(
        (row) =>
          Math.abs(row.lat - polygon[0]!.lat - 0.3) < 0.09 &&
          Math.abs(wrap(row.lng - polygon[0]!.lng) - 0.45) < 0.1,
      )
      expect(notch.length).toBeGreaterThan(10)
      const { body } = await requestJson<MapResponse>(
        t.app,
        `/api/listings/map?${new URLSearchParams([...filterParameters({ bbox: worldBbox, polygon }), ['zoom', '3']]).toString()}`,
      )
      const shown = new Set(ids(body.items))
      expect(body.total).toBeGreaterThan(0)
      const pages = await readAllPages(
        t.app,
        listingsPath({ filter: { polygon }, sort: 'newest', limit: 50 }),
      )
      const listed = new Set(pages.flatMap((page) => ids(page.items)))
      expect(listed.size).toBe(body.total)
      for (const row of notch) {
        expect(listed.has(row.id)).toBe(false)
        expect(shown.has(row.id)).toBe(false)
      }
    }
  })

  it.each([
    ['a shape that crosses itself', '48,2;49,3;48,3;49,2', polygonMessages.crossing],
    ['2 points', '48,2;49,3', polygonMessages.points],
    [
      '51 points',
      Array.from({ length: 51 }, (_, n) => {
        const angle = (n / 51) * 2 * Math.PI
        return `${(48 + Math.sin(angle)).toFixed(4)},${(2 + Math.cos(angle)).toFixed(4)}`
      }).join(';'),
      polygonMessages.points,
    ],
    ['a point out of range', '48,2;91,3;48,3', polygonMessages.range],
    ['more than 180° of longitude', '0,-100;1,0;0,100', polygonMessages.span],
  ])('rejects %s with a 400 naming polygon', async (_, polygon, message) => {
    const query = `polygon=${encodeURIComponent(polygon)}`
    for (const path of [
      `/api/listings?${query}`,
      `/api/listings/map?bbox=-180,-90,180,90&zoom=3&${query}`,
    ]) {
      const { status, body } = await requestJson<{ error: string; fields: Record<string, string> }>(
        t.app,
        path,
      )
      expect(status, path).toBe(400)
      expect(body.fields, path).toEqual({ polygon: message })
    }
  })

  it('reads a thin area in a crowded box by the box, at once by price, newest after a short scan', async () => {
    // 2,500 listings in a box of Warsaw, too many for the box to drive at once; a thin sliver
    // across it holds a few of them, too few to fill a page from the first 3,000 by price.
    const owner = await createUser(t.context)
    // A seed of its own: the count inside the sliver must stay under a page whatever the run's.
    const random = seededRandom(2026)
    const crowded = await insertListings(
      t.context,
      Array.from({ length: 2500 }, (_, n) => ({
        userRef: owner.id,
        regularPrice: 500 + ((n * 7919) % 5000),
        lat: 52.2 + random.next() * 0.1,
        lng: 21 + random.next() * 0.1,
      })),
    )
    const all = [...rows, ...crowded]
    const polygon: Polygon = [
      { lat: 52.2, lng: 21 },
      { lat: 52.3, lng: 21.1 },
      { lat: 52.2, lng: 21.0003 },
    ]
    const filter = { polygon }
    // Newest first, a bounded scan comes up short and the box drives; by price the box drives at
    // once, the city's box being worth reading whole.
    for (const sort of ['newest', 'price-asc'] as const) {
      const path = listingsPath({ filter, sort, limit: 10 })
      const expected = ids(searchListings(all, filter, sort).slice(0, 10))
      expect(expected.length).toBeGreaterThan(0)
      expect(expected.length).toBeLessThan(10)
      const statements = await recordStatements(dialect, () => requestJson(t.app, path))
      const { body } = await requestJson<{ items: { id: string }[] }>(t.app, path)
      expect(ids(body.items), path).toEqual(expected)
      if (dialect === 'sqlite') {
        expect(statements.at(-1)!.sql, path).toMatch(/listing_area[\s\S]*as driver/)
        expect(
          statements.some(({ sql }) => /\bas scanned\b/.test(sql)),
          path,
        ).toBe(sort === 'newest')
      }
    }
  })
})
