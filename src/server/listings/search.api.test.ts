// GET /api/listings with the search's filters and sorts, and GET /api/listings/map, against a
// brute-force search of every listing in memory (tests/support/search-oracle.ts), on every dialect.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedStatusOf, type ListingPage } from '../../shared/listing'
import {
  filterParameters,
  listingSorts,
  searchLimits,
  type Bbox,
  type ListingFilter,
  type ListingSort,
  type MapResponse,
} from '../../shared/listing-requests'
import { listingsPath } from '../../shared/listing-query'
import type { Dialect } from '../db/database'
import { fuzzParameters, fuzzSeed } from '../../../tests/support/fuzz/fuzz-run'
import { readAllPages } from '../../../tests/support/list-pages'
import {
  randomBbox,
  randomFilter,
  randomListings,
  type RandomListing,
} from '../../../tests/support/random-listings'
import {
  buyerPrice,
  mapPoints,
  matchesFilter,
  searchListings,
} from '../../../tests/support/search-oracle'
import { recordStatements, type Statement } from '../../../tests/support/statements'
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

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)

/** Each case reads many pages: a failure is made smaller this many times at most, not for minutes. */
const shrinks = 40

/** Inserts the random listings, owned by `userIds`, and returns their rows. */
const insertRandom = (t: TestApp, listings: RandomListing[], userIds: string[]) =>
  insertListings(
    t.context,
    listings.map(({ owner, ...fields }) => ({ ...fields, userRef: userIds[owner]! })),
  )

const listPath = (filter: ListingFilter, sort: ListingSort, limit: number) =>
  listingsPath({ filter, sort, limit })

const mapPath = (filter: ListingFilter, zoom: number) =>
  `/api/listings/map?${new URLSearchParams([...filterParameters(filter), ['zoom', String(zoom)]]).toString()}`

/**
 * Reads the search to its end and checks every page against the brute-force result: page n holds
 * exactly the n-th `limit` matches, and an empty page with no cursor ends the list.
 */
async function expectPagesOf(
  t: TestApp,
  rows: readonly ListingRow[],
  filter: ListingFilter,
  sort: ListingSort,
  limit: number,
) {
  const expected = ids(searchListings(rows, filter, sort))
  const path = listPath(filter, sort, limit)
  const pages = await readAllPages(t.app, path, Math.ceil(expected.length / limit) + 2)
  const got = pages.map((page) => ids(page.items))
  const wanted = Array.from({ length: Math.ceil(expected.length / limit) }, (_, n) =>
    expected.slice(n * limit, (n + 1) * limit),
  )
  expect(got, path).toEqual([...wanted, []])
}

/** Checks a map response against the brute-force matches in its box. */
async function expectMapOf(
  t: TestApp,
  rows: readonly ListingRow[],
  filter: ListingFilter & { bbox: Bbox },
  zoom: number,
  { fresh = false } = {},
): Promise<MapResponse> {
  // A parameter the route does not know is read from the database, never the response cache.
  const path = `${mapPath(filter, zoom)}${fresh ? '&_=fresh' : ''}`
  const { status, body } = await requestJson<MapResponse>(t.app, path)
  expect(status, path).toBe(200)
  const matches = new Map(
    rows.filter((row) => matchesFilter(row, filter, 'map')).map((row) => [row.id, row]),
  )
  expect(body.total, path).toBe(matches.size)
  const clustered = body.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
  expect(body.items.length + clustered, path).toBe(body.total)
  if (body.total <= searchLimits.mapItems) {
    expect(new Set(ids(body.items)), path).toEqual(new Set(matches.keys()))
  }
  expect(new Set(ids(body.items)).size, path).toBe(body.items.length)
  for (const item of body.items) {
    const row = matches.get(item.id)
    expect(row, `${path}: ${item.id}`).toBeDefined()
    expect(item, path).toEqual({
      id: row!.id,
      type: row!.type,
      name: row!.name,
      price: buyerPrice(row!),
      lat: row!.lat,
      lng: row!.lng,
    })
  }
  if (body.total > searchLimits.mapItems) {
    // Clusters and lone items alike: one point per cell of the zoom's grid, at its listings' centre.
    const shown = [
      ...body.items.map((item) => ({ count: 1, lat: item.lat, lng: item.lng })),
      ...body.clusters,
    ]
    const unmatched = mapPoints([...matches.values()], zoom).filter((expected) => {
      const at = shown.findIndex(
        (point) =>
          point.count === expected.count &&
          Math.abs(point.lat - expected.lat) < 1e-6 &&
          Math.abs(point.lng - expected.lng) < 1e-6,
      )
      if (at >= 0) shown.splice(at, 1)
      return at < 0
    })
    expect({ unmatched, unexpected: shown }, path).toEqual({ unmatched: [], unexpected: [] })
  }
  return body
}

/**
 * Which way SQLite read a search page (search/sqlite-search-page.ts): a box or price index driving,
 * a bounded scan of the word table or of a sort index, then the text index or the full scan when
 * that found too few.
 */
function strategy(statements: Statement[]): string {
  return statements
    .map(({ sql }) => {
      if (/\bas driver\b/.test(sql)) return sql.includes('listing_area') ? 'box' : 'price range'
      if (/\bas word_rows\b/.test(sql)) return 'word table'
      if (/\bas scanned\b/.test(sql)) return 'bounded scan'
      if (sql.includes('listing_text match')) return 'text'
      if (/^select count\(\*\)|select \(select count/.test(sql)) return 'count'
      if (/^\s*(\/\*[^*]*\*\/)?\s*select .* from listing\s+where/s.test(sql)) return 'full scan'
      return 'other'
    })
    .filter((step) => step !== 'count' && step !== 'other')
    .join(' then ')
}

describe.each(dialects)('search on %s', (dialect: Dialect) => {
  describe('every filter and sort, against all listings', () => {
    let t: TestApp
    let rows: ListingRow[] = []
    let userIds: string[] = []

    beforeAll(async () => {
      t = await createTestApp(dialect)
      userIds = [(await createUser(t.context)).id, (await createUser(t.context)).id]
      rows = await insertRandom(t, randomListings(300, userIds.length, fuzzSeed), userIds)
    })
    afterAll(async () => {
      await t?.close()
    })

    it('pages through exactly the matches, in order, with no repeat or gap, under each sort', async () => {
      const strategies = new Set<string>()
      await fc.assert(
        fc.asyncProperty(
          fc.limitShrink(randomFilter(userIds), shrinks),
          fc.constantFrom(1, 2, 3, 5, 10, 50),
          async (filter, smallLimit) => {
            const matches = rows.filter((row) => matchesFilter(row, filter)).length
            // At most about 30 pages a list, to keep the run short.
            const limit = Math.max(smallLimit, Math.min(50, Math.ceil(matches / 30)))
            for (const sort of listingSorts) {
              // The first page on its own, to see which way it was read; paging then meets it
              // in the response cache.
              const first = await recordStatements(dialect, () =>
                requestJson(t.app, listPath(filter, sort, limit)),
              )
              if (dialect === 'sqlite') strategies.add(strategy(first))
              await expectPagesOf(t, rows, filter, sort, limit)
            }
          },
        ),
        {
          ...fuzzParameters<[ListingFilter, number]>(60),
          // One of each way SQLite reads a page, whatever the random data.
          examples: [
            [{ bbox: { west: 2, south: 48, east: 3, north: 49 } }, 10],
            [{ minPrice: 1000, maxPrice: 1500 }, 10],
            [{ parking: true }, 5],
            [{ q: 'Łódź street' }, 50],
            [{ minBedrooms: 50 }, 50],
          ],
        },
      )
      // Every way SQLite reads a search page was taken (a replayed case takes one).
      if (dialect === 'sqlite' && !process.env.FUZZ_SEED) {
        for (const way of [
          'box',
          'price range',
          'bounded scan',
          'word table',
          'bounded scan then full scan',
        ]) {
          expect([...strategies], 'the ways SQLite read the pages').toContain(way)
        }
      }
    }, 120_000)

    it('maps exactly the matches in any box at any zoom', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.limitShrink(randomFilter(userIds), shrinks),
          fc.limitShrink(randomBbox, shrinks),
          fc.integer({ min: 0, max: 20 }),
          async (filter, bbox, zoom) => {
            await expectMapOf(t, rows, { ...filter, bbox }, zoom)
          },
        ),
        fuzzParameters(100),
      )
    }, 120_000)
  })

  describe('words, accents and prefixes', () => {
    let t: TestApp
    const listings = {
      rivoli: { name: 'Sunny flat by the river', location: '12 Rue de Rivoli, Paris, France' },
      jose: { name: 'Bright loft near the park', location: 'Calle 5, San José, Costa Rica' },
      cottage: { name: 'Cosy Cottage by the sea', location: 'Lane 3, Bath, United Kingdom' },
      strasse: { name: 'Altbau mit Balkon', location: 'Straße des 17. Juni 4, Berlin' },
      lodz: { name: 'Mieszkanie w centrum', location: 'Piotrkowska 10, Łódź, Polska' },
      moscow: { name: 'Квартира у парка', location: 'Тверская улица 7, Москва, Россия' },
    }
    const idOf = new Map<string, string>()

    beforeAll(async () => {
      t = await createTestApp(dialect)
      const owner = await createUser(t.context)
      for (const [key, fields] of Object.entries(listings)) {
        const row = await insertListing(t.context, { userRef: owner.id, ...fields })
        idOf.set(key, row.id)
      }
    })
    afterAll(async () => {
      await t?.close()
    })

    /**
     * The listings `q` finds, by key: as the one listing of a page of 1 (on SQLite, the scan of the
     * newest index checks the words), in a page of 50 (there the text index is read), and on the
     * whole world's map.
     */
    async function found(q: string) {
      const results = []
      for (const limit of [1, 50]) {
        const pages = await readAllPages(t.app, listPath({ q }, 'newest', limit))
        results.push(pages.flatMap((page) => ids(page.items)))
      }
      const world = { west: -180, south: -90, east: 180, north: 90 }
      const { body } = await requestJson<MapResponse>(t.app, mapPath({ q, bbox: world }, 2))
      results.push(ids(body.items))
      const keys = results.map((result) =>
        [...idOf].filter(([, id]) => result.includes(id)).map(([key]) => key),
      )
      expect(keys[1], `page of 1 and page of 50 for '${q}'`).toEqual(keys[0])
      expect(keys[2], `map and pages for '${q}'`).toEqual(keys[0])
      return keys[0]
    }

    it.each([
      ['rivoli', ['rivoli']],
      ['Rivoli', ['rivoli']],
      ['jose', ['jose']],
      ['José', ['jose']],
      ['JOSÉ', ['jose']],
      ['san jos', ['jose']],
      ['cott', ['cottage']],
      ['COTTAGE', ['cottage']],
      ['c', ['jose', 'cottage', 'lodz']],
      ['12', ['rivoli']],
      ['strasse', ['strasse']],
      ['Straße', ['strasse']],
      ['str', ['strasse']],
      ['STRASSE des', ['strasse']],
      ['lodz', ['lodz']],
      ['ŁÓDŹ', ['lodz']],
      ['моск', ['moscow']],
      ['МОСКВА тверская', ['moscow']],
    ])(
      "finds '%s' by whole words and word prefixes, in any case, with or without accents",
      async (q, keys) => {
        expect(await found(q)).toEqual(keys)
      },
    )

    it.each([
      ['rivoli paris', ['rivoli']],
      ['paris rivoli', ['rivoli']],
      ['rivoli, bath', []],
      ['cosy cottage bath', ['cottage']],
      ['cosy cottage paris', []],
    ])("finds '%s' only where every word matches", async (q, keys) => {
      expect(await found(q)).toEqual(keys)
    })

    it.each(['tage', 'ivoli', 'ose', 'ttage', 'trasse', 'сква'])(
      "does not find '%s', which is only the middle or end of a word",
      async (q) => {
        expect(await found(q)).toEqual([])
      },
    )
  })

  describe('maps of type and offer alone, counted in stored cells', () => {
    let t: TestApp
    let rows: ListingRow[] = []
    let userIds: string[] = []
    const world: Bbox = { west: -180, south: -90, east: 180, north: 90 }
    const filters: ListingFilter[] = [
      {},
      { type: 'rent' },
      { type: 'sale' },
      { offer: true },
      { offer: false },
      { type: 'rent', offer: false },
    ]

    beforeAll(async () => {
      t = await createTestApp(dialect)
      userIds = [(await createUser(t.context)).id]
      rows = await insertRandom(t, randomListings(900, 1, fuzzSeed + 1), userIds)
    })
    afterAll(async () => {
      await t?.close()
    })

    async function expectWorldMaps() {
      for (const filter of filters) {
        for (const zoom of [0, 2, 4, 9, 15]) {
          const statements = await recordStatements(dialect, () =>
            expectMapOf(t, rows, { ...filter, bbox: world }, zoom, { fresh: true }),
          )
          // Past that many matches, the stored cells are read (at these zooms, every one of them).
          const matches = rows.filter((row) => matchesFilter(row, filter, 'map')).length
          if (matches > searchLimits.mapItems) {
            const stored = statements.some(({ sql }) => sql.includes('listing_map_cell'))
            expect(stored, `stored cells for ${mapPath({ ...filter, bbox: world }, zoom)}`).toBe(
              true,
            )
          }
        }
      }
    }

    /** Maps of random boxes: the stored cells inside, the listings of the edges read one by one. */
    async function expectBoxMaps() {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...filters),
          fc.limitShrink(randomBbox, shrinks),
          fc.integer({ min: 0, max: 20 }),
          async (filter, bbox, zoom) => {
            await expectMapOf(t, rows, { ...filter, bbox }, zoom, { fresh: true })
          },
        ),
        fuzzParameters(80),
      )
    }

    it('returns the world map of every type and offer as a brute-force grouping does', async () => {
      await expectWorldMaps()
    }, 60_000)

    it('returns the map of any box and zoom as a brute-force grouping does', async () => {
      await expectBoxMaps()
    }, 60_000)

    it('keeps the stored cells in step with inserts, moves, changes of type, offer or status, and deletes', async () => {
      const random = randomListings(120, 1, fuzzSeed + 2)
      rows.push(...(await insertRandom(t, random.slice(0, 40), userIds)))
      // 80 listings move to the places of other random ones; some change type or offer on the way,
      // and some leave the market or come back to it as they move.
      for (let n = 0; n < 80; n++) {
        const row = rows[n]!
        const type = n % 3 === 0 ? (row.type === 'rent' ? 'sale' : 'rent') : row.type
        const wasActive = row.status === 'active'
        const changed: ListingRow = {
          ...row,
          type,
          lat: random[40 + n]!.lat!,
          lng: random[40 + n]!.lng!,
          ...(n % 4 === 0 && {
            offer: !row.offer,
            discountedPrice: row.offer ? null : Math.round(row.regularPrice / 2),
          }),
          status: (n % 5 === 0) === wasActive ? closedStatusOf[type] : 'active',
        }
        await t.context.listings.update(row.id, changed)
        rows[n] = changed
      }
      // And some only close or reopen, as the status route does it.
      for (const [n, row] of rows.slice(80, 100).entries()) {
        const status = n % 2 === 0 ? closedStatusOf[row.type] : 'active'
        await t.context.listings.setStatus(row.id, status)
        rows[80 + n] = { ...row, status }
      }
      for (const row of rows.splice(100, 60)) await t.context.listings.delete(row.id)
      await expectWorldMaps()
      await expectBoxMaps()
    }, 60_000)
  })

  describe('past the thresholds where SQLite reads another way', () => {
    let t: TestApp
    let rows: ListingRow[] = []
    // More listings than the bounded scan of a sort index takes (3000) and than a box or a price range may
    // hold to drive the read (2000), so each way of reading meets its limits (search/sqlite-search-page.ts).
    const count = 6000
    const paris: Bbox = { west: 2.25, south: 48.8, east: 2.45, north: 48.9 }
    const suva: Bbox = { west: 178.3, south: -18.3, east: 178.6, north: -18 }

    beforeAll(async () => {
      t = await createTestApp(dialect)
      const owner = await createUser(t.context)
      const base = Date.UTC(2025, 0, 15)
      const fields = Array.from({ length: count }, (_, n) => {
        const type = n % 3 === 0 ? ('sale' as const) : ('rent' as const)
        const regularPrice = type === 'rent' ? 500 + (n % 40) * 50 : 100_000 + (n % 50) * 10_000
        const offer = n % 5 === 0
        const oldest = n >= count - 20
        // Half in Paris; a few in Suva; the rest anywhere, spread by a fixed stride.
        const place =
          n % 2 === 0
            ? { lat: 48.8 + ((n * 7) % 1000) / 10_000, lng: 2.25 + ((n * 13) % 2000) / 10_000 }
            : n % 150 === 1
              ? { lat: -18.15 + (n % 10) / 100, lng: 178.4 + (n % 7) / 100 }
              : { lat: ((n * 37) % 170) - 85 + 0.5, lng: ((n * 61) % 359) - 179.5 }
        const words = [
          n % 10 < 7 ? 'Cosy Cottage' : 'Bright Flat',
          ...(n % 400 === 7 ? ['Harbour'] : []),
          ...(oldest && n % 2 === 0 ? ['Zephyr'] : []),
        ]
        return {
          userRef: owner.id,
          id: `listing${String(n).padStart(5, '0')}`,
          type,
          name: words.join(' '),
          location: `${n} Main Street`,
          bedrooms: oldest ? 6 : 1 + (n % 4),
          bathrooms: 1 + (n % 3),
          parking: n % 2 === 1,
          furnished: n % 7 === 0,
          offer,
          regularPrice,
          discountedPrice: offer ? Math.round(regularPrice * 0.8) : null,
          ...place,
          // Pairs share a timestamp; listing 0 is the newest.
          timestamp: base - Math.floor(n / 2) * 1000,
        }
      })
      rows = await insertListings(t.context, fields)
    }, 60_000)
    afterAll(async () => {
      await t?.close()
    })

    it.each<[string, ListingFilter, ListingSort, number, string | undefined]>([
      ['a rare word, the oldest listings', { q: 'zephyr' }, 'newest', 2, 'word table'],
      ['a rare word by price', { q: 'zephyr' }, 'price-asc', 2, undefined],
      ['a word on one listing in 400', { q: 'harbour' }, 'newest', 10, 'word table'],
      ['a word on one listing in 400, a short page', { q: 'harbour' }, 'newest', 3, 'word table'],
      ['a box of half the listings', { bbox: paris }, 'newest', 50, 'bounded scan'],
      ['a rare word in a big box', { q: 'zephyr', bbox: paris }, 'newest', 5, 'word table'],
      // 4,200 listings hold the word, none of its first 3,000 has the rooms.
      [
        'a common word, rooms only the oldest have',
        { q: 'cottage', minBedrooms: 6 },
        'newest',
        5,
        'word table then text',
      ],
      ['a small box', { bbox: suva }, 'price-desc', 7, 'box'],
      ['a narrow price range', { minPrice: 500, maxPrice: 1000 }, 'newest', 50, 'price range'],
      ['a wide price range', { minPrice: 500, maxPrice: 2000 }, 'newest', 50, 'bounded scan'],
      [
        'rooms only the oldest have',
        { minBedrooms: 6 },
        'newest',
        10,
        'bounded scan then full scan',
      ],
      [
        'rooms only the oldest have, by price',
        { minBedrooms: 6, type: 'rent' },
        'price-asc',
        5,
        undefined,
      ],
      [
        'a common word under a price',
        { q: 'cottage', maxPrice: 900 },
        'price-asc',
        50,
        'word table',
      ],
      ['a word in a big box by price', { q: 'harbour', bbox: paris }, 'price-desc', 4, undefined],
    ])('pages through %s exactly', async (_name, filter, sort, limit, way) => {
      const first = await recordStatements(dialect, () =>
        requestJson(t.app, listPath(filter, sort, limit)),
      )
      if (dialect === 'sqlite' && way) expect(strategy(first)).toBe(way)
      await expectPagesOf(t, rows, filter, sort, limit)
    })
  })

  describe('error responses', () => {
    let t: TestApp
    /** cursors of the second page of `q=cottage` by price, and of `q=cottage&minPrice=1000` */
    let priceCursor: string
    let filteredCursor: string

    beforeAll(async () => {
      t = await createTestApp(dialect)
      const owner = await createUser(t.context)
      for (let n = 0; n < 4; n++) {
        await insertListing(t.context, {
          userRef: owner.id,
          name: 'Cosy Cottage',
          regularPrice: 1000 + n * 100,
        })
      }
      const byPrice = await requestJson<ListingPage>(
        t.app,
        '/api/listings?q=cottage&sort=price-asc&limit=2',
      )
      priceCursor = byPrice.body.nextCursor!
      const filtered = await requestJson<ListingPage>(
        t.app,
        '/api/listings?q=cottage&minPrice=1000&limit=2',
      )
      filteredCursor = filtered.body.nextCursor!
    })
    afterAll(async () => {
      await t?.close()
    })

    const long = 'a'.repeat(searchLimits.textLength.max + 1)

    it.each([
      ['/api/listings?sort=cheapest', 'sort'],
      ['/api/listings?sort=PRICE-ASC', 'sort'],
      ['/api/listings?minPrice=2000&maxPrice=1000', 'minPrice'],
      ['/api/listings?minPrice=-1', 'minPrice'],
      ['/api/listings?maxPrice=12.5', 'maxPrice'],
      ['/api/listings?bbox=2,49,3,48', 'bbox'],
      ['/api/listings?bbox=181,0,182,1', 'bbox'],
      ['/api/listings?bbox=0,-91,1,0', 'bbox'],
      ['/api/listings?bbox=a,b,c,d', 'bbox'],
      ['/api/listings?bbox=1,2,3', 'bbox'],
      ['/api/listings?bbox=1,2,3,4,5', 'bbox'],
      ['/api/listings?bbox=1e2,2,3,4', 'bbox'],
      [`/api/listings?q=${long}`, 'q'],
      ['/api/listings?q=', 'q'],
      ['/api/listings?q=%20%20', 'q'],
      ['/api/listings?q=--!!', 'q'],
      ['/api/listings?minBedrooms=0', 'minBedrooms'],
      ['/api/listings?minBedrooms=51', 'minBedrooms'],
      ['/api/listings?minBathrooms=two', 'minBathrooms'],
      ['/api/listings?parking=yes', 'parking'],
      ['/api/listings?furnished=1', 'furnished'],
      ['/api/listings/map?zoom=3', 'bbox'],
      ['/api/listings/map?bbox=2,48,3,49', 'zoom'],
      ['/api/listings/map?bbox=2,48,3,49&zoom=21', 'zoom'],
      ['/api/listings/map?bbox=2,48,3,49&zoom=x', 'zoom'],
      ['/api/listings/map?bbox=2,48,3,49&zoom=-1', 'zoom'],
      ['/api/listings/map?bbox=2,49,3,48&zoom=3', 'bbox'],
      ['/api/listings/map?bbox=2,48,3,49&zoom=3&minPrice=5&maxPrice=4', 'minPrice'],
      [`/api/listings/map?bbox=2,48,3,49&zoom=3&q=${long}`, 'q'],
    ])('returns 400 naming the parameter for %s', async (path, field) => {
      const { status, body } = await requestJson<{ error: string; fields?: object }>(t.app, path)
      expect(status).toBe(400)
      expect(body.error).toEqual(expect.any(String))
      expect(Object.keys(body.fields ?? {})).toEqual([field])
    })

    it('refuses a cursor used with another sort or other filters', async () => {
      for (const path of [
        `/api/listings?q=cottage&limit=2&cursor=${priceCursor}`,
        `/api/listings?q=cottage&sort=price-desc&limit=2&cursor=${priceCursor}`,
        `/api/listings?q=cottages&sort=price-asc&limit=2&cursor=${priceCursor}`,
        `/api/listings?q=cottage&minPrice=1001&limit=2&cursor=${filteredCursor}`,
        `/api/listings?q=cottage&limit=2&cursor=${filteredCursor}`,
      ]) {
        const { status, body } = await requestJson<{ fields?: object }>(t.app, path)
        expect(status, path).toBe(400)
        expect(Object.keys(body.fields ?? {}), path).toEqual(['cursor'])
      }
      const same = await requestJson<ListingPage>(
        t.app,
        `/api/listings?q=cottage&sort=price-asc&limit=2&cursor=${priceCursor}`,
      )
      expect(same.status).toBe(200)
      expect(same.body.items.map((item) => item.regularPrice)).toEqual([1200, 1300])
    })

    it('ignores parameters it does not know', async () => {
      const plain = await requestJson<ListingPage>(t.app, '/api/listings?q=cottage&sort=price-asc')
      const extra = await requestJson<ListingPage>(
        t.app,
        '/api/listings?q=cottage&sort=price-asc&order=desc&_=1234&bedrooms=9',
      )
      expect(extra.status).toBe(200)
      expect(extra.body).toEqual(plain.body)
      const map = await requestJson<MapResponse>(
        t.app,
        '/api/listings/map?bbox=2,48,3,49&zoom=3&sort=price-asc&limit=1&cluster=no',
      )
      expect(map.status).toBe(200)
      expect(map.body.total).toBe(4)
    })
  })
})
