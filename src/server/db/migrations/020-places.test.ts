// Migration 020 over listings written before it: each is tied to the city nearest its point
// within 50 km (as the app ties a new one), and each place's row counts its listings on the
// market, on both databases.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchWords } from '../../listings/search-words'
import { normalizePlace } from '../../geocoding/place-names'
import { sharedPlaceIndex } from '../../places/place-index'
import { placeOfPoint } from '../../places/place-ties'
import { randomSpecListings } from '../../../../tests/support/random-listings'
import { databaseBefore, type DatabaseBefore } from '../../../../tests/support/database-before'
import {
  createTestApp,
  dialects,
  type ListingRow,
  type TestApp,
} from '../../../../tests/support/test-app'

describe.each(dialects)('migration 020 on %s', (dialect) => {
  let t: TestApp
  let before: DatabaseBefore | undefined

  beforeAll(async () => {
    before = await databaseBefore(dialect, '019-word-index', async (userRef) =>
      randomSpecListings(300, 1, 20).map(({ owner, ...fields }) => {
        void owner
        const row = { ...fields, userRef, images: '[]' } as ListingRow
        return { ...row, words: searchWords(row) }
      }),
    )
    t = await createTestApp(dialect, before.env)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await before?.remove()
  })

  it('ties each listing to the city nearest it within 50 km, and counts them per place', async () => {
    const { rows } = await sql<{
      lat: number
      lng: number
      placeId: number | null
      status: string
    }>`
      select "lat", "lng", "placeId", "status" from listing`.execute(t.context.db.kysely)
    expect(rows).toHaveLength(300)
    const counts = new Map<number, number>()
    for (const row of rows) {
      const place = placeOfPoint({ lat: Number(row.lat), lng: Number(row.lng) })
      expect(row.placeId === null ? null : Number(row.placeId)).toBe(place?.id ?? null)
      if (place && row.status === 'active') counts.set(place.id, (counts.get(place.id) ?? 0) + 1)
    }
    expect(rows.some((row) => row.placeId === null)).toBe(true)
    expect(counts.size).toBeGreaterThan(3)
    const places = await t.context.db.kysely.selectFrom('place').selectAll().execute()
    const tied = new Set(rows.flatMap((row) => (row.placeId === null ? [] : [Number(row.placeId)])))
    expect(places.map((place) => Number(place.id)).sort()).toEqual([...tied].sort())
    for (const place of places) {
      expect(Number(place.listings)).toBe(counts.get(Number(place.id)) ?? 0)
      const { gazetteer, indexOf } = sharedPlaceIndex()
      expect(place.key).toBe(normalizePlace(gazetteer.city(indexOf(Number(place.id))!).name))
    }
  })
})
