// GET /api/listings/count: the number of listings on the market a filter matches, against a
// brute-force count of random listings, on every dialect; its statement is read by an index, and it
// is cached and limited as the list is.
import fc from 'fast-check'
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingCount } from '../../shared/listing-count'
import { filterParameters, type ListingFilter } from '../../shared/listing-requests'
import { fuzzParameters, fuzzSeed } from '../../../tests/support/fuzz/fuzz-run'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { randomFilter, randomListings } from '../../../tests/support/random-listings'
import { matchesFilter } from '../../../tests/support/search-oracle'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  insertListings,
  requestJson,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'

const countPath = (filter: ListingFilter) =>
  `/api/listings/count?${new URLSearchParams(filterParameters(filter)).toString()}`

describe.each(dialects)('GET /api/listings/count (%s)', (dialect) => {
  let t: TestApp
  let rows: ListingRow[]
  let userIds: string[]

  beforeAll(async () => {
    t = await createTestApp(dialect)
    userIds = [(await createUser(t.context)).id, (await createUser(t.context)).id]
    rows = await insertListings(
      t.context,
      randomListings(400, 2, fuzzSeed).map(({ owner, ...fields }) => ({
        ...fields,
        userRef: userIds[owner]!,
      })),
    )
  })
  afterAll(async () => {
    await t?.close()
  })

  it('counts the listings on the market that the filter matches, as the map does', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomFilter(userIds).map(
          ({ userRef: _owner, status: _status, ...filter }): ListingFilter => filter,
        ),
        async (filter) => {
          const path = countPath(filter)
          const { status, body } = await requestJson<ListingCount>(t.app, path)
          expect(status, path).toBe(200)
          const expected = rows.filter((row) => matchesFilter(row, filter, 'map')).length
          expect(body, path).toEqual({ total: expected })
        },
      ),
      fuzzParameters(),
    )
  })

  it('counts only the homes inside an area outlined on the map, not in its box', async () => {
    // A C round Paris open to the east, and a triangle across the 180th meridian by Taveuni.
    const areas: ListingFilter['polygon'][] = [
      [
        { lat: 48.7, lng: 2.2 },
        { lat: 48.7, lng: 2.5 },
        { lat: 48.84, lng: 2.5 },
        { lat: 48.84, lng: 2.35 },
        { lat: 48.87, lng: 2.35 },
        { lat: 48.87, lng: 2.5 },
        { lat: 49, lng: 2.5 },
        { lat: 49, lng: 2.2 },
      ],
      [
        { lat: -17.5, lng: 179.5 },
        { lat: -17.5, lng: -179.5 },
        { lat: -16, lng: 179.9 },
      ],
    ]
    for (const polygon of areas) {
      for (const filter of [{ polygon }, { polygon, type: 'rent' as const }]) {
        const path = countPath(filter)
        const { status, body } = await requestJson<ListingCount>(t.app, path)
        expect(status, path).toBe(200)
        const expected = rows.filter((row) => matchesFilter(row, filter, 'map')).length
        expect(body, path).toEqual({ total: expected })
      }
    }
    const crossing = await requestJson(t.app, '/api/listings/count?polygon=0,0;1,1;0,1;1,0')
    expect(crossing.status).toBe(400)
    expect(crossing.body).toMatchObject({ fields: { polygon: expect.any(String) } })
  })

  it('returns 400 naming a bad parameter, as the list does', async () => {
    const { status, body } = await requestJson(t.app, '/api/listings/count?minBedrooms=0')
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'Invalid count query',
      fields: { minBedrooms: expect.any(String) },
    })
  })

  it('is cached as the list is, and counts a new listing at once', async () => {
    const path = countPath({ type: 'rent', minPrice: 1 })
    const first = await requestJson<ListingCount>(t.app, path)
    const list = await t.app.request('/api/listings?type=rent&minPrice=1')
    const again = await t.app.request(path)
    expect(again.headers.get('cache-control')).toBe(list.headers.get('cache-control'))
    expect(await again.json()).toEqual(first.body)
    await insertListing(t.context, { userRef: userIds[0]!, type: 'rent', regularPrice: 900 })
    const after = await requestJson<ListingCount>(t.app, path)
    expect(after.body.total).toBe(first.body.total + 1)
  })

  it.each([
    ['no filter', {}],
    ['a type and a price range', { type: 'sale', minPrice: 100_000, maxPrice: 900_000 }],
    ['a box', { bbox: { west: 2.2, south: 48.8, east: 2.5, north: 48.9 } }],
    ['a word', { q: 'cottage' }],
  ] satisfies [string, ListingFilter][])(
    'reads %s by an index, never a scan of the listings',
    async (_name, filter) => {
      const statements = await recordStatements(dialect, async () => {
        // A parameter the route does not know: read from the database, never the cache.
        const { status } = await requestJson(t.app, `${countPath(filter)}&_=plan`)
        expect(status).toBe(200)
      })
      const counts = statements.filter(({ sql }) => /count\(\*\)/.test(sql))
      expect(counts).toHaveLength(1)
      for (const statement of counts) {
        const plan = await queryPlan(t.context.db, () => ({
          compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
        }))
        expect(scansTable(plan, 'listing'), `${statement.sql}\n${plan.join('\n')}`).toBe(false)
      }
    },
  )
})
