// Migration 008 on a database that already has listings: they are searched, sorted by price and
// mapped as if they had been written after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage } from '../../../shared/listing'
import type { ListingFilter, ListingSort, MapResponse } from '../../../shared/listing-requests'
import { listingsPath } from '../../../shared/listing-query'
import { readAllPages } from '../../../../tests/support/list-pages'
import { matchesFilter, searchListings } from '../../../../tests/support/search-oracle'
import { databaseBefore, type DatabaseBefore } from '../../../../tests/support/database-before'
import {
  createTestApp,
  dialects,
  requestJson,
  type ListingRow,
  type TestApp,
} from '../../../../tests/support/test-app'

/** More than one batch of the migration's word filling (1000 listings a batch). */
const count = 1205
const base = Date.UTC(2024, 5, 1)

/** The listings the database held before migration 008, as the rows of that time. */
function oldRows(userRef: string): ListingRow[] {
  const special = [
    { name: 'Sunny flat by the river', location: '12 Rue de Rivoli, Paris, France' },
    { name: 'Bright loft near the park', location: 'Calle 5, San José, Costa Rica' },
    { name: 'Große Wohnung', location: 'Straße des 17. Juni 4, Berlin' },
  ]
  return Array.from({ length: count }, (_, n) => {
    const offer = n % 4 === 0
    const regularPrice = 800 + (n % 37) * 100
    return {
      id: `old${String(n).padStart(5, '0')}`,
      userRef,
      type: n % 3 === 0 ? 'sale' : 'rent',
      ...(special[n % 400] ?? { name: `Cosy Cottage ${n}`, location: `${n} Mill Lane, Bath` }),
      bedrooms: 1 + (n % 4),
      bathrooms: 1 + (n % 2),
      parking: n % 2 === 0,
      furnished: n % 5 === 0,
      offer,
      regularPrice,
      discountedPrice: offer ? regularPrice - 150 : null,
      images: '[]',
      lat: ((n * 37) % 160) - 80 + 0.25,
      lng: ((n * 53) % 358) - 179 + 0.25,
      timestamp: base - Math.floor(n / 3) * 60_000,
    }
  })
}

describe.each(dialects)('migration 008 on %s, over listings written before it', (dialect) => {
  let t: TestApp
  let rows: ListingRow[] = []
  let before: DatabaseBefore | undefined

  beforeAll(async () => {
    before = await databaseBefore(dialect, '007-upload-image-key', async (userRef) => {
      rows = oldRows(userRef)
      return rows
    })
    // The app opens the same database and brings it to the latest migration, 008 included.
    t = await createTestApp(dialect, before.env)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await before?.remove()
  })

  it.each<[string, ListingFilter, ListingSort]>([
    ['a street by name', { q: 'rivoli' }, 'newest'],
    ['a city without its accent', { q: 'jose' }, 'newest'],
    ['a word with ß by its ss', { q: 'strasse' }, 'price-asc'],
    ['a prefix in every other listing', { q: 'cott' }, 'price-asc'],
    ['a price range, by price', { minPrice: 1000, maxPrice: 1500 }, 'price-desc'],
    ['one type by price', { type: 'rent' }, 'price-asc'],
    ['a box', { bbox: { west: -60, south: -30, east: 60, north: 30 } }, 'price-asc'],
  ])('finds %s among the old listings', async (_, filter, sort) => {
    const expected = searchListings(rows, filter, sort).map((row) => row.id)
    expect(expected.length).toBeGreaterThan(0)
    const pages = await readAllPages(t.app, listingsPath({ filter, sort, limit: 50 }))
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected)
  })

  it('maps the old listings, on the whole world and in a box', async () => {
    const world = await requestJson<MapResponse>(
      t.app,
      '/api/listings/map?bbox=-180,-90,180,90&zoom=1',
    )
    expect(world.body.total).toBe(count)
    const clustered = world.body.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
    expect(world.body.items.length + clustered).toBe(count)
    const rent = await requestJson<MapResponse>(
      t.app,
      '/api/listings/map?bbox=-180,-90,180,90&zoom=1&type=rent&offer=false',
    )
    expect(rent.body.total).toBe(rows.filter((row) => row.type === 'rent' && !row.offer).length)

    const bbox = { west: 100, south: 10, east: 140, north: 40 }
    const box = await requestJson<MapResponse>(t.app, '/api/listings/map?bbox=100,10,140,40&zoom=5')
    const inBox = rows.filter((row) => matchesFilter(row, { bbox }, 'map'))
    expect(inBox.length).toBeGreaterThan(0)
    expect(inBox.length).toBeLessThanOrEqual(200)
    expect(new Set(box.body.items.map((item) => item.id))).toEqual(
      new Set(inBox.map((row) => row.id)),
    )
  })

  it('keeps every old listing, readable as before', async () => {
    const { body } = await requestJson<ListingPage>(t.app, '/api/listings?limit=50')
    expect(body.items.map((item) => item.id)).toEqual(
      searchListings(rows, {}, 'newest')
        .slice(0, 50)
        .map((row) => row.id),
    )
    expect(await t.context.listings.count()).toBe(count)
  })
})
