// Fuzzes GET /api/listings and GET /api/listings/:id: hostile queries (search parameters too),
// tampered cursors, odd ids.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idPattern } from '../../src/shared/ids'
import type { Listing, ListingPage } from '../../src/shared/listing'
import { listingFilterSchema } from '../../src/shared/listing-query-schema'
import {
  listingSorts,
  type ListingFilter,
  type ListingSort,
} from '../../src/shared/listing-requests'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type ListingRow,
  type TestApp,
} from '../support/test-app'
import { filterFingerprint } from '../../src/server/listings/filter-fingerprint'
import { readPolygon } from '../../src/shared/polygon'
import { decodeCursor, encodeCursor, type ListingCursor } from '../../src/shared/listing-cursor'
import { ask, expectErrorResponse, successBody } from '../support/fuzz/responses'
import { fuzzParameters, fuzzSeed, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  hostileQuery,
  hostileSegment,
  percentEncode,
  tamperedCursor,
} from '../support/fuzz/hostile-values'
import { buyerPrice, searchListings } from '../support/search-oracle'

/** The API contract's filters: those the route validates, every one of them fuzzed. */
const filterKeys = Object.keys(
  listingFilterSchema.shape,
) as (keyof typeof listingFilterSchema.shape)[]
const listKeys = [...filterKeys, 'sort', 'limit', 'cursor'] as const

const isBoolean = (value: string) => value === 'true' || value === 'false'
const isWholeDollars = (value: string) => /^\d{1,10}$/.test(value)
const isRoomCount = (value: string) =>
  /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 50
const isSquareMetres = (value: string) =>
  /^\d{1,6}$/.test(value) && Number(value) >= 5 && Number(value) <= 100_000
const homeTypeNames = ['house', 'apartment', 'townhouse', 'studio', 'room', 'land', 'other']
/** A day that exists, written YYYY-MM-DD, in the years 1900 to 2200. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const year = Number(value.slice(0, 4))
  return (
    year >= 1900 && year <= 2200 && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  )
}
const degrees = (part: string) => (/^-?\d{1,3}(\.\d{1,12})?$/.test(part) ? Number(part) : NaN)

/** west,south,east,north: four plain decimals, on the globe, south not above north. */
function isBbox(value: string): boolean {
  const [west, south, east, north, ...rest] = value.split(',').map(degrees)
  return (
    rest.length === 0 &&
    [west, south, east, north].every((part) => part !== undefined && Number.isFinite(part)) &&
    Math.abs(west!) <= 180 &&
    Math.abs(east!) <= 180 &&
    Math.abs(south!) <= 90 &&
    Math.abs(north!) <= 90 &&
    south! <= north!
  )
}

/** Whether the list query is one the API must response (the API contract), read independently of the route. */
function isValidListQuery(search: URLSearchParams): boolean {
  const rules: Record<(typeof listKeys)[number], (value: string) => boolean> = {
    type: (value) => value === 'rent' || value === 'sale',
    offer: isBoolean,
    userRef: (value) => idPattern.test(value),
    status: (value) => value === 'active',
    q: (value) => {
      const text = value.trim()
      return text.length >= 1 && text.length <= 100 && /[\p{L}\p{N}]/u.test(text)
    },
    minPrice: isWholeDollars,
    maxPrice: isWholeDollars,
    minBedrooms: isRoomCount,
    minBathrooms: isRoomCount,
    parking: isBoolean,
    furnished: isBoolean,
    homeType: (value) => value.split(',').every((type) => homeTypeNames.includes(type)),
    minArea: isSquareMetres,
    maxArea: isSquareMetres,
    availableBy: isDate,
    petsAllowed: (value) => value === 'true',
    bbox: isBbox,
    place: (value) => /^[1-9]\d{0,9}$/.test(value) && Number(value) < 2 ** 31,
    polygon: (value) => 'polygon' in readPolygon(value),
    sort: (value) => (listingSorts as readonly string[]).includes(value),
    limit: (value) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 50,
    cursor: (value) => continuesList(value, search),
  }
  const each = listKeys.every((key) => {
    const values = search.getAll(key)
    return values.length === 0 || (values.length === 1 && rules[key](values[0]!))
  })
  const { minPrice, maxPrice, minArea, maxArea } = queryFilter(search)
  const upsideDown = (min?: number, max?: number) =>
    min !== undefined && max !== undefined && min > max
  return each && !upsideDown(minPrice, maxPrice) && !upsideDown(minArea, maxArea)
}

/** The filters of a valid query, as values. */
function queryFilter(search: URLSearchParams): ListingFilter {
  const text = (key: string) => search.get(key) ?? undefined
  const number = (key: string) => (search.has(key) ? Number(search.get(key)) : undefined)
  const flag = (key: string) => (search.has(key) ? search.get(key) === 'true' : undefined)
  const bbox = text('bbox')?.split(',').map(degrees)
  return {
    type: text('type') as ListingFilter['type'],
    offer: flag('offer'),
    userRef: text('userRef'),
    status: text('status') as ListingFilter['status'],
    q: text('q')?.trim(),
    minPrice: number('minPrice'),
    maxPrice: number('maxPrice'),
    minBedrooms: number('minBedrooms'),
    minBathrooms: number('minBathrooms'),
    parking: flag('parking'),
    furnished: flag('furnished'),
    // In the contract's order of home types, whatever order the query gave them in.
    homeType: search.has('homeType')
      ? (homeTypeNames.filter((type) =>
          search.get('homeType')!.split(',').includes(type),
        ) as ListingFilter['homeType'])
      : undefined,
    minArea: number('minArea'),
    maxArea: number('maxArea'),
    availableBy: text('availableBy'),
    petsAllowed: search.has('petsAllowed') ? true : undefined,
    place: number('place'),
    // A bbox of other than four numbers rejects the query; it has no filters to fingerprint.
    bbox:
      bbox?.length === 4 && bbox.every(Number.isFinite)
        ? { west: bbox[0]!, south: bbox[1]!, east: bbox[2]!, north: bbox[3]! }
        : undefined,
    polygon: search.has('polygon') ? polygonOf(search.get('polygon')!) : undefined,
  }
}

function polygonOf(text: string) {
  const read = readPolygon(text)
  return 'polygon' in read ? read.polygon : undefined
}

/** Areas around some of the listings: Paris, across the 180th meridian at Fiji, and bad ones. */
const polygons = [
  '48,2;49,2;49,3;48,3',
  '-18,178;-16,178;-16,-179;-18,-179;-18,178',
  '9,-85;10,-84;9,-83',
  '48,2;49,3;48,3;49,2',
  '48,2;49,2',
  '91,2;49,2;49,3',
  '0,-100;1,0;0,100',
]

const querySort = (search: URLSearchParams) => (search.get('sort') ?? 'newest') as ListingSort

/** The fingerprint a cursor of this query's list carries: its filters, in the contract's order. */
function queryFingerprint(search: URLSearchParams): string {
  return filterFingerprint(queryFilter(search))
}

/** A cursor we handed out for the list of exactly this sort and these filters. */
function continuesList(cursor: string, search: URLSearchParams): boolean {
  const decoded = decodeCursor(cursor)
  return decoded?.sort === querySort(search) && decoded.fingerprint === queryFingerprint(search)
}

/** The sort value a cursor carries for a listing: its time, or the price a buyer pays. */
const sortValueOf = (row: ListingRow, sort: ListingSort) =>
  sort === 'newest' ? row.timestamp : buyerPrice(row)

/** Strictly after the cursor's listing in the sort's order (the sort value, then the id). */
function isAfter(row: ListingRow, cursor: ListingCursor, sort: ListingSort) {
  const value = sortValueOf(row, sort)
  const later = sort === 'price-asc' ? value > cursor.value : value < cursor.value
  const tie = sort === 'price-asc' ? row.id > cursor.id : row.id < cursor.id
  return later || (value === cursor.value && tie)
}

/** The page is the next `limit` matches after the cursor, as a search of every listing finds. */
function expectPage(page: ListingPage, search: URLSearchParams, rows: readonly ListingRow[]) {
  const limit = Number(search.get('limit') ?? 10)
  const sort = querySort(search)
  const cursor = search.has('cursor') ? decodeCursor(search.get('cursor')!) : undefined
  const expected = searchListings(rows, queryFilter(search), sort)
    .filter((row) => !cursor || isAfter(row, cursor, sort))
    .slice(0, limit)
  expect(page.items.map((item) => item.id)).toEqual(expected.map((row) => row.id))
  const last = expected.at(-1)
  expect(page.nextCursor).toBe(
    last
      ? encodeCursor({
          sort,
          value: sortValueOf(last, sort),
          id: last.id,
          fingerprint: queryFingerprint(search),
        })
      : null,
  )
}

describe.each(dialects)('hostile reads of /api/listings on %s', (dialect) => {
  let t: TestApp
  const rows: ListingRow[] = []
  let userIds: string[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const alice = await createUser(t.context, { name: 'Alice Martin' })
    const bob = await createUser(t.context, { name: 'Bruno Costa' })
    userIds = [alice.id, bob.id]
    const base = Date.UTC(2025, 0, 15)
    const places = [
      { name: 'Cosy Cottage', location: '12 Rue de Rivoli, Paris, France', lat: 48.86, lng: 2.35 },
      { name: 'Bright Loft', location: 'Calle 5, San José, Costa Rica', lat: 9.93, lng: -84.09 },
      { name: 'Quiet Villa', location: 'Lomaloma, Fiji', lat: -17.3, lng: -178.98 },
    ]
    for (let i = 0; i < 14; i++) {
      const offer = i % 4 === 0
      const regularPrice = [800, 1500, 1500, 250_000][i % 4]!
      rows.push(
        await insertListing(t.context, {
          // Lower case: every collation orders them as the oracle does.
          id: `fuzz${String(i).padStart(2, '0')}${'abcdefghijklmn'[i]}`,
          userRef: userIds[i % 2]!,
          type: i % 3 === 0 ? 'sale' : 'rent',
          ...places[i % places.length]!,
          offer,
          regularPrice,
          discountedPrice: offer ? regularPrice - 100 : null,
          bedrooms: 1 + (i % 4),
          bathrooms: 1 + (i % 2),
          parking: i % 2 === 0,
          furnished: i % 3 === 1,
          // Pairs share a timestamp, so that ids break the ties.
          timestamp: base + Math.floor(i / 2) * 60_000,
        }),
      )
    }
  })
  afterAll(() => t?.close())

  // Cursors of the whole list and of the rent list, newest first.
  const realCursor = () =>
    fc
      .tuple(fc.constantFrom(...rows), fc.constantFrom<ListingFilter>({}, { type: 'rent' }))
      .map(([row, filter]) =>
        encodeCursor({
          sort: 'newest',
          value: row.timestamp,
          id: row.id,
          fingerprint: filterFingerprint(filter),
        }),
      )

  it(
    'responds to any query string with a correct page when it is valid and a 400 otherwise',
    async () => {
      const plausible = fc.oneof(
        fc.constantFrom('rent', 'sale', 'true', 'false', '1', '10', '50', '51', '0', '-1', '2.5'),
        fc.constantFrom('newest', 'price-asc', 'price-desc', '900', '1500', '0800', '250000'),
        fc.constantFrom('cott', 'RIVOLI', 'José', ' san  jose ', 'tage', 'x'.repeat(101)),
        fc.constantFrom(
          '2,48,3,49',
          '-180,-90,180,90',
          '170,-50,-170,0',
          '1,2,3',
          '1,2,3,4,5',
          '0,10,1,5',
        ),
        fc.constantFrom(...polygons),
        fc.constantFrom(...userIds),
        realCursor(),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileQuery(listKeys, plausible), async (query) => {
          const response = await ask(t.app, `/api/listings?${query}`)
          const search = new URLSearchParams(query)
          tally.count(isValidListQuery(search))
          if (isValidListQuery(search)) expectPage(successBody<ListingPage>(response), search, rows)
          else expect(expectErrorResponse(response).fields).toBeDefined()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds to combinations of the search parameters, near misses and cursors as their rules say',
    async () => {
      // Values each parameter may take, valid ones and values just beside them.
      const values: Record<Exclude<(typeof listKeys)[number], 'cursor'>, string[]> = {
        type: ['rent', 'sale', 'house'],
        offer: ['true', 'false', 'yes'],
        userRef: [...userIds, 'someone'],
        status: ['active', 'sold'],
        q: ['cott', 'RIVOLI', 'José', ' san  jose ', 'tage', '', '!!', 'x'.repeat(101)],
        minPrice: ['0', '900', '0900', '1500', '250000', '-1', '1.5'],
        maxPrice: ['0', '900', '1500', '250000', '99999999999', '1e3'],
        minBedrooms: ['1', '2', '02', '4', '0', '51'],
        minBathrooms: ['1', '2', '50', '0'],
        parking: ['true', 'false', '1'],
        furnished: ['true', 'false', 'no'],
        homeType: ['house', 'studio,apartment', 'apartment,apartment', 'flat', 'house,', ''],
        minArea: ['5', '40', '080', '4', '100001', '60.5'],
        maxArea: ['30', '100000', '0', 'big'],
        availableBy: ['2026-12-01', '2025-01-15', '2026-02-30', '2026-1-5', 'soon'],
        petsAllowed: ['true', 'false', 'yes'],
        bbox: [
          '2,48,3,49',
          '-180,-90,180,90',
          '170,-50,-170,0',
          '-179.5,-20,-178,-10',
          '1,2,3',
          '1,2,3,4,5',
          '0,10,1,5',
          '181,0,182,1',
        ],
        place: ['2988507', '0', '07', 'paris', '2147483648', '12345678901'],
        polygon: polygons,
        sort: ['newest', 'price-asc', 'price-desc', 'cheapest'],
        limit: ['1', '3', '50', '51'],
      }
      const names = Object.keys(values) as (keyof typeof values)[]
      const query = fc
        .uniqueArray(fc.constantFrom(...names), { maxLength: 4 })
        .chain((chosen) =>
          fc.tuple(
            fc.tuple(...chosen.map((name) => fc.constantFrom(...values[name]))),
            fc.constant(chosen),
            fc.constantFrom(...rows),
            fc.constantFrom(...listingSorts),
            fc.constantFrom('none', 'this list', 'another sort'),
          ),
        )
        .map(([values, chosen, row, sort, cursor]) => {
          const search = new URLSearchParams(chosen.map((name, n) => [name, values[n]!]))
          // A cursor made for this very list, or for it under another sort.
          if (cursor !== 'none') {
            const listSort = cursor === 'this list' ? querySort(search) : sort
            const value = sortValueOf(row, listSort)
            search.set(
              'cursor',
              encodeCursor({
                sort: listSort,
                value,
                id: row.id,
                fingerprint: queryFingerprint(search),
              }),
            )
          }
          return search
        })
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          const path = `/api/listings?${[...search].map(([key, value]) => `${key}=${percentEncode(value)}`).join('&')}`
          const response = await ask(t.app, path)
          tally.count(isValidListQuery(search))
          if (isValidListQuery(search)) expectPage(successBody<ListingPage>(response), search, rows)
          else expect(expectErrorResponse(response).fields, path).toBeDefined()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'rejects a tampered cursor with 400, unless it still names a place in the list',
    async () => {
      const tampered = tamperedCursor(realCursor(), (timestamp, id) => `${timestamp}:${id}`)
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(tampered, async (cursor) => {
          const search = new URLSearchParams({ cursor })
          const response = await ask(t.app, `/api/listings?cursor=${percentEncode(cursor)}`)
          tally.count(continuesList(cursor, search))
          if (continuesList(cursor, search))
            expectPage(successBody<ListingPage>(response), search, rows)
          else expect(Object.keys(expectErrorResponse(response).fields ?? {})).toEqual(['cursor'])
        }),
        // About 3 in 100 tampered cursors still name a place: the cursor as handed out comes
        // first, so that the accepted side is always tested.
        {
          ...fuzzParameters(),
          examples: [fc.sample(realCursor(), { numRuns: 1, seed: fuzzSeed }) as [string]],
        },
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds to an id that is not a listing with 404, whatever its bytes',
    async () => {
      const segment = fc.oneof(
        hostileSegment,
        fc.constantFrom(...rows).map((row) => row.id),
      )
      await fc.assert(
        fc.asyncProperty(segment, async (id) => {
          const response = await ask(t.app, `/api/listings/${id}`)
          const existing = rows.find((row) => row.id === id)
          if (existing) expect(successBody<Listing>(response).id).toBe(existing.id)
          else expect(expectErrorResponse(response).error).toMatch(/not found/i)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )

  it(
    'responds to any method on any path under /api without a session with a JSON 4xx or a read',
    async () => {
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
      const path = fc
        .array(
          fc.oneof(
            fc.constantFrom('listings', 'users', 'me', 'geocode', 'uploads'),
            hostileSegment,
          ),
          {
            minLength: 1,
            maxLength: 3,
          },
        )
        .map((segments) => `/api/${segments.join('/')}`)
        // Dot segments that climb out of /api reach the web pages, which are not this test's.
        .filter((url) => new URL(url, origin).pathname.startsWith('/api/'))
      await fc.assert(
        fc.asyncProperty(method, path, async (verb, url) => {
          const response = await ask(t.app, url, { method: verb })
          if (response.status < 300) expect(verb).toBe('GET')
          else expectErrorResponse(response)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
