// The facts' filters (homeType, minArea, maxArea, availableBy, petsAllowed) through the list, the
// map and the count, against a brute-force search of every listing in memory
// (tests/support/search-oracle.ts), on every dialect; and their 400s.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { homeTypes, type ListingPage } from '../../shared/listing'
import type { ListingCount } from '../../shared/listing-count'
import { listingsPath } from '../../shared/listing-query'
import {
  filterParameters,
  listingSorts,
  type ListingFilter,
  type MapResponse,
} from '../../shared/listing-requests'
import { fuzzParameters, fuzzSeed } from '../../../tests/support/fuzz/fuzz-run'
import { readAllPages } from '../../../tests/support/list-pages'
import { randomFilter, randomListings } from '../../../tests/support/random-listings'
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

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)
const query = (filter: ListingFilter) => new URLSearchParams(filterParameters(filter)).toString()
const world = { west: -180, south: -90, east: 180, north: 90 }

/** A random filter with at least one of the facts' filters. */
function factsFilter(userIds: string[]): fc.Arbitrary<ListingFilter> {
  const facts = fc
    .record(
      {
        homeType: fc.subarray([...homeTypes], { minLength: 1 }),
        minArea: fc.constantFrom(5, 40, 55, 56, 120),
        maxArea: fc.constantFrom(18, 55, 85, 100_000),
        availableBy: fc.constantFrom('2025-01-01', '2026-11-30', '2026-12-01', '2031-01-01'),
        petsAllowed: fc.constant(true as const),
      },
      { requiredKeys: [] },
    )
    .filter((chosen) => Object.keys(chosen).length > 0)
  return fc.tuple(randomFilter(userIds), facts).map(([others, chosen]) => {
    const filter: ListingFilter = { ...others, ...chosen }
    const { minArea, maxArea } = filter
    // An upside-down range is a 400, tested below; here the range is put the right way up.
    return minArea !== undefined && maxArea !== undefined && minArea > maxArea
      ? { ...filter, minArea: maxArea, maxArea: minArea }
      : filter
  })
}

describe.each(dialects)('the facts filters on %s', (dialect) => {
  let t: TestApp
  let rows: ListingRow[] = []
  let userIds: string[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    userIds = [(await createUser(t.context)).id, (await createUser(t.context)).id]
    rows = await insertListings(
      t.context,
      randomListings(300, 2, fuzzSeed).map(({ owner, ...fields }) => ({
        ...fields,
        userRef: userIds[owner]!,
      })),
    )
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists, maps and counts exactly the listings the filters match, under each sort', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.limitShrink(factsFilter(userIds), 40),
        fc.constantFrom(3, 10, 50),
        async (filter, limit) => {
          for (const sort of listingSorts) {
            const expected = ids(searchListings(rows, filter, sort))
            const path = listingsPath({ filter, sort, limit })
            const pages = await readAllPages(t.app, path, Math.ceil(expected.length / limit) + 2)
            expect(
              pages.flatMap((page) => ids(page.items)),
              path,
            ).toEqual(expected)
          }
          // The map and the count take no owner's list.
          const search: ListingFilter = { ...filter, userRef: undefined, status: undefined }
          const onMap = rows.filter((row) => matchesFilter(row, { ...search, bbox: world }, 'map'))
          const map = await requestJson<MapResponse>(
            t.app,
            `/api/listings/map?${query({ ...search, bbox: world })}&zoom=3`,
          )
          expect(map.body.total, query(search)).toBe(onMap.length)
          const count = await requestJson<ListingCount>(
            t.app,
            `/api/listings/count?${query(search)}`,
          )
          const counted = rows.filter((row) => matchesFilter(row, search, 'map')).length
          expect(count.body, query(search)).toEqual({ total: counted })
        },
      ),
      fuzzParameters(40),
    )
  }, 120_000)

  it('leaves out listings with no floor area from an area range, and keeps undated ones', async () => {
    const read = async (filter: ListingFilter) =>
      (await readAllPages(t.app, listingsPath({ filter, sort: 'newest', limit: 50 }))).flatMap(
        (page: ListingPage) => page.items,
      )
    const ranged = await read({ minArea: 5 })
    expect(ranged.length).toBeGreaterThan(0)
    expect(
      ranged.every((item) => item.id && rows.find((row) => row.id === item.id)?.floorArea),
    ).toBe(true)
    const undated = rows.filter((row) => row.status === 'active' && row.availableFrom == null)
    expect(undated.length).toBeGreaterThan(0)
    const byEarly = ids(await read({ availableBy: '1900-01-01' }))
    expect(new Set(byEarly)).toEqual(new Set(ids(undated)))
  })

  it.each([
    ['homeType=castle', 'homeType'],
    ['homeType=house,,studio', 'homeType'],
    ['minArea=4', 'minArea'],
    ['maxArea=100001', 'maxArea'],
    ['minArea=12.5', 'minArea'],
    ['minArea=200&maxArea=100', 'minArea'],
    ['availableBy=2026-13-01', 'availableBy'],
    ['availableBy=26-11-2026', 'availableBy'],
    ['petsAllowed=false', 'petsAllowed'],
  ])('refuses %s with a 400 naming %s, in the list, the map and the count', async (bad, name) => {
    for (const path of [
      `/api/listings?${bad}`,
      `/api/listings/map?bbox=-180,-90,180,90&zoom=2&${bad}`,
      `/api/listings/count?${bad}`,
    ]) {
      const { status, body } = await requestJson<{ error: string; fields?: object }>(t.app, path)
      expect(status, path).toBe(400)
      expect(body.error, path).toEqual(expect.any(String))
      expect(Object.keys(body.fields ?? {}), path).toEqual([name])
    }
  })
})
