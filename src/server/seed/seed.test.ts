// The demo data that `npm start` seeds shows something real in search and on the map: homes in
// many cities of many countries, at addresses the offline geocoder finds, priced for their place.
import { describe, expect, it } from 'vitest'
import { kmBetween } from '../../shared/geolocation'
import { listingInputSchema } from '../../shared/listing-schema'
import { openPlaces, resolveAddress } from '../geocoding/offline-geocoder'
import { homeKindNames } from './homes'
import { demoPriceHistory } from './demo-price-history'
import { homeTypeOfKind } from './demo-facts'
import { seededRandom } from './random'
import { demoHome, demoListingSpacingMs, type DemoHome } from './seed'

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

  it('stand along their streets, apart, within a few km of their city', () => {
    const all = homes(720)
    expect(new Set(all.map((home) => `${home.lat},${home.lng}`)).size).toBe(all.length)
    // Within a few km of the middle of their city's homes.
    for (const city of new Set(all.map(cityOf))) {
      const inCity = all.filter((home) => cityOf(home) === city)
      const mean = (of: (home: DemoHome) => number) =>
        inCity.reduce((sum, home) => sum + of(home), 0) / inCity.length
      const middle = { lat: mean((home) => home.lat), lng: mean((home) => home.lng) }
      for (const home of inCity) expect(kmBetween(home, middle), home.location).toBeLessThan(4)
    }
    const streets = new Map<string, DemoHome[]>()
    for (const home of all) {
      const street = home.location.replace(/^\d+ /, '')
      streets.set(street, [...(streets.get(street) ?? []), home])
    }
    for (const [street, onStreet] of streets) {
      const [first, ...others] = onStreet
      expect(others.length, street).toBeGreaterThanOrEqual(2)
      // The home furthest from the first gives the street's direction; all others lie on that line.
      const far = others.reduce((a, b) => (kmBetween(first!, a) > kmBetween(first!, b) ? a : b))
      const length = kmBetween(first!, far)
      expect(length, street).toBeGreaterThan(0.5)
      for (const home of others) {
        // The distance from the line, from the triangle's area (Heron's formula).
        const [a, b, c] = [length, kmBetween(first!, home), kmBetween(far, home)]
        const s = (a + b + c) / 2
        const area = Math.sqrt(Math.max(0, s * (s - a) * (s - b) * (s - c)))
        expect((2 * area) / a, `${home.location} off ${street}`).toBeLessThan(0.1)
      }
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

  it('have a type that their name says, an area that fits their rooms, and a date and pets', () => {
    const all = homes(200)
    for (const home of all) {
      const kind = homeKindNames.find((name) => home.name.includes(` ${name} `))!
      expect(home.homeType, home.name).toBe(homeTypeOfKind[kind])
      const perBedroom = home.floorArea! / home.bedrooms
      expect(perBedroom, home.name).toBeGreaterThan(15)
      expect(perBedroom, home.name).toBeLessThan(90)
    }
    expect(new Set(all.map((home) => home.availableFrom === null))).toEqual(new Set([true, false]))
    expect(new Set(all.map((home) => home.petsAllowed))).toEqual(new Set([true, false, null]))
  })

  it('have descriptions of several paragraphs, each home its own', () => {
    const first = homes(30)
    const descriptions = first.map((home) => home.description!)
    expect(new Set(descriptions).size).toBe(first.length)
    for (const [k, description] of descriptions.entries()) {
      expect(description.split('\n\n').length, first[k]!.name).toBeGreaterThanOrEqual(3)
      expect(description.length, first[k]!.name).toBeGreaterThan(300)
      expect(description, first[k]!.name).toContain(
        first[k]!.location.split(', ')[0]!.replace(/^\d+ /, ''),
      )
    }
    // Not one template: the openings differ too.
    expect(new Set(descriptions.map((text) => text.slice(0, 20))).size).toBeGreaterThan(10)
  })

  it('give a few homes a price history, one cut among the first page of Explore', () => {
    const now = Date.now()
    const histories = homes(30).map((home, index) =>
      demoPriceHistory(index, home, now - index * demoListingSpacingMs, now),
    )
    const moved = histories
      .map((history, index) => [index, history] as const)
      .filter(([, history]) => history.length > 1)
    expect(moved.length).toBeGreaterThanOrEqual(3)
    expect(moved.filter(([index]) => index < 10)).toHaveLength(1)
    for (const [, history] of moved) {
      const times = history.map((entry) => entry.at)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect(times.at(-1)).toBeLessThanOrEqual(now)
    }
  })
})
