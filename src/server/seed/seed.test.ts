// The demo data that `npm start` seeds shows something real in search and on the map: homes in
// many cities of many countries, at addresses the offline geocoder finds, priced for their place.
import { describe, expect, it } from 'vitest'
import { listingInputSchema } from '../../shared/listing-schema'
import { openPlaces, resolveAddress } from '../geocoding/offline-geocoder'
import { seededRandom } from './random'
import { demoHome, type DemoHome } from './seed'

/** The demo's homes as `seedDemo` draws them, from the first ever seeded. */
const homes = (count: number): DemoHome[] =>
  Array.from({ length: count }, (_, index) => demoHome(seededRandom(index + 1), index))

const cityOf = (home: DemoHome) => home.location.split(', ').slice(1).join(', ')

describe('the demo homes', () => {
  it('put the 30 listings of the first start in 18 cities of 17 countries', () => {
    const first = homes(30)
    expect(new Set(first.map(cityOf)).size).toBe(18)
    expect(new Set(first.map((home) => home.location.split(', ').at(-1))).size).toBe(17)
  })

  it('have addresses that the offline geocoder places in the city of the pin', () => {
    const places = openPlaces()
    for (const home of homes(36)) {
      const found = resolveAddress(home.location, places)
      expect(found, home.location).not.toBeNull()
      // The gazetteer's centre of a city may lie a few km from the one the demo scatters around.
      expect(Math.abs(found!.lat - home.lat), home.location).toBeLessThan(0.08)
      expect(Math.abs(found!.lng - home.lng), home.location).toBeLessThan(0.08)
    }
  })

  it('pass the rules of the listing form', () => {
    for (const home of homes(200)) {
      const result = listingInputSchema.safeParse({
        ...home,
        address: home.location,
        discountedPrice: home.discountedPrice ?? undefined,
        images: ['upload-1'],
      })
      expect(result.error?.issues, home.name).toBeUndefined()
    }
  })

  it('cost more where homes cost more: rents by the month, sales at years of rent', () => {
    const all = homes(1_800)
    const median = (city: string, type: DemoHome['type']) => {
      const prices = all
        .filter((home) => cityOf(home) === city && home.type === type)
        .map((home) => home.regularPrice / (0.6 + 0.2 * home.bedrooms))
        .sort((a, b) => a - b)
      return prices[Math.floor(prices.length / 2)]!
    }
    expect(median('London, United Kingdom', 'rent')).toBeGreaterThan(
      2 * median('São Paulo, Brazil', 'rent'),
    )
    expect(median('London, United Kingdom', 'sale')).toBeGreaterThan(
      2 * median('São Paulo, Brazil', 'sale'),
    )
    for (const city of ['Paris, France', 'Tokyo, Japan', 'Mexico City, Mexico']) {
      expect(median(city, 'rent')).toBeLessThan(5_000)
      expect(median(city, 'sale')).toBeGreaterThan(100 * median(city, 'rent'))
    }
  })
})
