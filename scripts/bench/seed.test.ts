// The benchmark's listings look like a real catalogue's: many cities of many countries, addresses
// the offline geocoder places in their city, prices that fit the type, and one common word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGazetteer } from '../../src/server/geocoding/gazetteer'
import { openPlaces, resolveAddress } from '../../src/server/geocoding/offline-geocoder'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import {
  benchCities,
  cityRadiusKm,
  commonWord,
  degreesPerKm,
  seedListings,
  type BenchCity,
} from './seed'

const count = 3_000

interface Row {
  type: 'rent' | 'sale'
  name: string
  location: string
  bedrooms: number
  regularPrice: number
  discountedPrice: number | null
  lat: number
  lng: number
}

/** Kilometres between two points a few kilometres apart. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const perKm = degreesPerKm(a.lat)
  return Math.hypot((a.lat - b.lat) / perKm.lat, (a.lng - b.lng) / perKm.lng)
}

describe('the bench seed', () => {
  let cities: BenchCity[]
  const apps: TestApp[] = []
  let rows: Row[]

  async function seed(): Promise<Row[]> {
    const t = await createTestApp('sqlite')
    apps.push(t)
    await seedListings(t.context.db, count, cities)
    return (await t.context.db.kysely
      .selectFrom('listing')
      .select([
        'type',
        'name',
        'location',
        'bedrooms',
        'regularPrice',
        'discountedPrice',
        'lat',
        'lng',
      ])
      .orderBy('timestamp', 'desc')
      .execute()) as Row[]
  }

  beforeAll(async () => {
    cities = benchCities()
    rows = await seed()
  })
  afterAll(async () => {
    for (const t of apps) await t.close()
  })

  const cityOf = (row: Row) =>
    cities.find((city) => row.location.endsWith(`, ${city.name}, ${city.country}`))

  it('spreads the listings over many cities of many countries, near their centres', () => {
    const seen = rows.map((row) => cityOf(row))
    expect(seen.every(Boolean)).toBe(true)
    expect(new Set(seen.map((city) => city!.name)).size).toBeGreaterThan(100)
    expect(new Set(seen.map((city) => city!.countryCode)).size).toBeGreaterThan(40)
    for (const [n, row] of rows.entries()) {
      expect(distanceKm(row, seen[n]!)).toBeLessThanOrEqual(cityRadiusKm + 0.01)
    }
  })

  it('writes addresses that the offline geocoder places in their city', () => {
    const places = openPlaces(loadGazetteer())
    for (const row of rows.slice(0, 300)) {
      const found = resolveAddress(row.location, places)
      expect(found, row.location).not.toBeNull()
      expect(distanceKm(row, found!), row.location).toBeLessThanOrEqual(cityRadiusKm + 0.01)
    }
  })

  it('names listings with one word that more than a tenth of them share', () => {
    const common = rows.filter((row) => row.name.split(' ').includes(commonWord))
    expect(common.length / rows.length).toBeGreaterThan(0.2)
    expect(common.length / rows.length).toBeLessThan(0.4)
    for (const row of rows) {
      expect(row.name.length, row.name).toBeGreaterThanOrEqual(10)
      expect(row.name.length, row.name).toBeLessThanOrEqual(32)
    }
  })

  it('prices rents by the month and sales at years of rent, more for more bedrooms', () => {
    const median = (type: Row['type'], bedrooms: number) => {
      const prices = rows
        .filter((row) => row.type === type && row.bedrooms === bedrooms)
        .map((row) => row.regularPrice)
        .sort((a, b) => a - b)
      return prices[Math.floor(prices.length / 2)]!
    }
    expect(median('rent', 1)).toBeGreaterThan(200)
    expect(median('rent', 4)).toBeLessThan(5_000)
    expect(median('rent', 4)).toBeGreaterThan(median('rent', 1))
    expect(median('sale', 2)).toBeGreaterThan(50 * median('rent', 2))
    for (const row of rows) {
      if (row.discountedPrice !== null) expect(row.discountedPrice).toBeLessThan(row.regularPrice)
    }
  })

  it('seeds the same listings every time', async () => {
    const again = await seed()
    expect(again).toEqual(rows)
  })
})
