// Random listings and searches for the search's property tests: names and places from a small
// vocabulary with accents, other scripts and words that begin alike; prices, times and rooms that
// often tie; places around a few cities, on both sides of the 180th meridian and anywhere at all.
import fc from 'fast-check'
import type { Bbox, ListingFilter } from '../../src/shared/listing-requests'
import { closedStatusOf, homeTypes } from '../../src/shared/listing'
import type { ListingFields } from './test-app'

const adjectives = ['Cosy', 'Cozy', 'Sunny', 'Sunlit', 'Quiet', 'Große', 'Élégant', 'Bright']
const kinds = ['Cottage', 'Cottages', 'Flat', 'Flatshare', 'Loft', 'Stúdió', 'Villa', 'Villanova']
const streets = [
  'Rue de Rivoli',
  'Rivoli Road',
  'Calle San José',
  'Josefstraße',
  'Kraków Lane',
  'Ærø Vej',
  'Łódź Street',
  'Тверская улица',
  'Cotton Street',
]

/**
 * Sentences of descriptions: words of their own, some that names use too ('Cottage', 'Sunny'),
 * accents, and words that begin alike ('balcon', 'balcony').
 */
const sentences = [
  'A wide balcony over the garden.',
  'Parquet floors and a balcon à la française.',
  'Sunny kitchen, new boiler.',
  'Ein Kachelofen im Wohnzimmer; Fußbodenheizung.',
  'Close to the Cottage Inn and the tram.',
  'Jardín privado con piscina.',
  'Quiet street.\nNo smokers, please.',
]

interface City {
  name: string
  lat: number
  lng: number
}

/** Taveuni lies across the 180th meridian; Suva and the Chathams are close to it. */
const cities: City[] = [
  { name: 'Paris, France', lat: 48.8566, lng: 2.3522 },
  { name: 'San José, Costa Rica', lat: 9.9281, lng: -84.0907 },
  { name: 'San Jose, California', lat: 37.3382, lng: -121.8863 },
  { name: 'Zürich, Switzerland', lat: 47.3769, lng: 8.5417 },
  { name: 'Kraków, Poland', lat: 50.0647, lng: 19.945 },
  { name: 'Москва, Россия', lat: 55.7558, lng: 37.6173 },
  { name: 'Suva, Fiji', lat: -18.1416, lng: 178.4419 },
  { name: 'Taveuni, Fiji', lat: -16.85, lng: 179.99 },
  { name: 'Chatham Islands, New Zealand', lat: -43.95, lng: -176.55 },
]

/** Every word the listings are written with, as written. */
export const vocabulary = [
  ...new Set(
    [...adjectives, ...kinds, ...streets, ...cities.map((city) => city.name), ...sentences].flatMap(
      (text) => text.split(/[\s,.;]+/).filter(Boolean),
    ),
  ),
]

/** Few distinct values, so that many listings tie on each. */
const base = Date.UTC(2025, 0, 15, 12, 0, 0)
const timestamps = Array.from({ length: 12 }, (_, n) => base - (n % 4) * 1000 - n * 60_000)
const rents = [500, 750, 750, 1200, 1500, 2200, 3000, 4800]
const sales = [95_000, 250_000, 250_000, 480_000, 1_200_000, 2_000_000]

/** `value` to `decimals` places; never -0, which JSON cannot carry. */
const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals || 0

/** A longitude brought back into [-180, 180]. */
const wrapped = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng)

/** The longitude of a line between two columns of the map's grid at some level up to 15. */
const gridLongitude = fc
  .tuple(fc.integer({ min: 1, max: 15 }), fc.nat())
  .map(([level, n]) => ((n % 2 ** level) / 2 ** level) * 360 - 180)

const place = fc.oneof(
  { weight: 6, arbitrary: cityPlace() },
  // On the meridian itself, from either side.
  {
    weight: 1,
    arbitrary: fc.record({
      lat: fc.double({ min: -20, max: -15, noNaN: true }).map((lat) => round(lat, 6)),
      lng: fc.constantFrom(180, -180, 179.999999, -179.999999),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }).map((lat) => round(lat, 6)),
      lng: fc.double({ min: -180, max: 180, noNaN: true }).map((lng) => round(lng, 6)),
    }),
  },
  // On a line between two columns of a map grid.
  {
    weight: 1,
    arbitrary: fc.record({
      lat: fc.double({ min: -60, max: 60, noNaN: true }).map((lat) => round(lat, 6)),
      lng: gridLongitude,
    }),
  },
)

function cityPlace() {
  return fc
    .record({
      city: fc.constantFrom(...cities),
      dLat: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
      dLng: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
    })
    .map(({ city, dLat, dLng }) => ({
      lat: round(city.lat + dLat, 6),
      lng: round(wrapped(city.lng + dLng), 6),
    }))
}

/** Facts that often tie or are absent, with the bounds of an area's range among them. */
const floorAreas = [5, 18, 40, 55, 55, 85, 120, 100_000]
const availableDates = ['2025-01-01', '2026-11-26', '2026-12-01', '2027-03-15']

const orNone = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary })

/** A listing's fields but its owner, whose index among `owners` is `owner`. */
export type RandomListing = Omit<ListingFields, 'userRef'> & { owner: number }

function listing(owners: number) {
  return fc
    .record({
      id: fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
        minLength: 16,
        maxLength: 16,
      }),
      owner: fc.nat({ max: owners - 1 }),
      type: fc.constantFrom('rent' as const, 'sale' as const),
      adjective: fc.constantFrom(...adjectives),
      kind: fc.constantFrom(...kinds),
      number: fc.integer({ min: 1, max: 200 }),
      street: fc.constantFrom(...streets),
      city: fc.constantFrom(...cities),
      bedrooms: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 6 }) }, fc.constant(50)),
      bathrooms: fc.integer({ min: 1, max: 4 }),
      parking: fc.boolean(),
      furnished: fc.boolean(),
      offer: fc.boolean(),
      rent: fc.constantFrom(...rents),
      sale: fc.constantFrom(...sales),
      discount: fc.constantFrom(0.5, 0.8, 0.9),
      place,
      timestamp: fc.constantFrom(...timestamps),
      // One in six sold or rented: every search and map must leave them out.
      closed: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, fc.constant(true)),
      homeType: orNone(fc.constantFrom(...homeTypes)),
      floorArea: orNone(fc.constantFrom(...floorAreas)),
      availableFrom: orNone(fc.constantFrom(...availableDates)),
      petsAllowed: orNone(fc.boolean()),
      description: fc.oneof(
        fc.constant(''),
        fc.subarray(sentences, { minLength: 1, maxLength: 3 }).map((chosen) => chosen.join(' ')),
      ),
    })
    .map((picked): RandomListing => {
      const regularPrice = picked.type === 'rent' ? picked.rent : picked.sale
      return {
        id: picked.id,
        owner: picked.owner,
        type: picked.type,
        name: `${picked.adjective} ${picked.kind}`,
        location: `${picked.number} ${picked.street}, ${picked.city.name}`,
        bedrooms: picked.bedrooms,
        bathrooms: picked.bathrooms,
        parking: picked.parking,
        furnished: picked.furnished,
        offer: picked.offer,
        regularPrice,
        discountedPrice: picked.offer ? Math.round(regularPrice * picked.discount) : null,
        lat: picked.place.lat,
        lng: picked.place.lng,
        timestamp: picked.timestamp,
        status: picked.closed ? closedStatusOf[picked.type] : 'active',
        homeType: picked.homeType,
        floorArea: picked.floorArea,
        availableFrom: picked.availableFrom,
        petsAllowed: picked.petsAllowed,
        description: picked.description,
      }
    })
}

/** `count` listings with distinct ids, picked from `seed`. */
export function randomListings(count: number, owners: number, seed: number): RandomListing[] {
  const [listings] = fc.sample(
    fc.uniqueArray(listing(owners), {
      minLength: count,
      maxLength: count,
      selector: (row) => row.id,
    }),
    { seed, numRuns: 1 },
  )
  return listings!
}

/**
 * Random listings of the spec's fields only, as the listing table held them before the facts
 * (migration 022): for the tests of earlier migrations.
 */
export function randomSpecListings(count: number, owners: number, seed: number): RandomListing[] {
  return randomListings(count, owners, seed).map(
    ({ homeType, floorArea, availableFrom, petsAllowed, description, ...spec }) => {
      void [homeType, floorArea, availableFrom, petsAllowed, description]
      return spec
    },
  )
}

/** A word of a query: a whole word in any case, its start, its middle, or a word no one uses. */
const queryWord = fc.oneof(
  fc.constantFrom(...vocabulary),
  fc.constantFrom(...vocabulary).map((word) => word.toUpperCase()),
  fc
    .tuple(fc.constantFrom(...vocabulary), fc.nat())
    .map(([word, cut]) => [...word].slice(0, 1 + (cut % [...word].length)).join('')),
  fc
    .tuple(fc.constantFrom(...vocabulary.filter((word) => [...word].length > 3)), fc.nat())
    .map(([word, cut]) => [...word].slice(1 + (cut % ([...word].length - 2))).join('')),
  fc.constantFrom('zzq', 'Rivolix'),
)

const price = fc.constantFrom(...rents, ...sales, 1000, 100_000, 600_000)

const coordinate = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true }).map((value) => round(value, 4))

/** A box around one city, anywhere, across the 180th meridian, or the whole world. */
export const randomBbox: fc.Arbitrary<Bbox> = fc.oneof(
  fc
    .record({
      city: fc.constantFrom(...cities),
      width: coordinate(0.01, 2),
      height: coordinate(0.01, 2),
    })
    .map(({ city, width, height }) => ({
      west: round(Math.max(-180, city.lng - width / 2), 4),
      east: round(Math.min(180, city.lng + width / 2), 4),
      south: round(city.lat - height / 2, 4),
      north: round(city.lat + height / 2, 4),
    })),
  fc
    .record({
      west: coordinate(-180, 180),
      east: coordinate(-180, 180),
      south: coordinate(-90, 90),
      north: coordinate(-90, 90),
    })
    .map((box) => ({
      ...box,
      south: Math.min(box.south, box.north),
      north: Math.max(box.south, box.north),
    })),
  fc.record({
    west: coordinate(170, 180),
    east: coordinate(-180, -170),
    south: coordinate(-50, -30),
    north: coordinate(-14, 0),
  }),
  fc.constant({ west: -180, south: -90, east: 180, north: 90 }),
  // Sides on the lines of a map grid.
  fc.record({
    west: gridLongitude,
    east: gridLongitude,
    south: coordinate(-60, 0),
    north: coordinate(0, 60),
  }),
)

/** A few of the search's filters at once (so that some match many listings), all valid. */
export function randomFilter(userRefs: string[]): fc.Arbitrary<ListingFilter> {
  const arbitraries = {
    type: fc.constantFrom('rent' as const, 'sale' as const),
    offer: fc.boolean(),
    userRef: fc.constantFrom(...userRefs),
    q: fc
      .tuple(fc.array(queryWord, { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', ', ', ' - '))
      .map(([words, separator]) => words.join(separator)),
    minPrice: price,
    maxPrice: price,
    minBedrooms: fc.integer({ min: 1, max: 6 }),
    minBathrooms: fc.integer({ min: 1, max: 4 }),
    parking: fc.boolean(),
    furnished: fc.boolean(),
    bbox: randomBbox,
    homeType: fc.subarray([...homeTypes], { minLength: 1, maxLength: 3 }),
    minArea: fc.constantFrom(...floorAreas, 6, 100),
    maxArea: fc.constantFrom(...floorAreas, 54, 1000),
    availableBy: fc.constantFrom(...availableDates, '2026-11-25', '2030-01-01'),
    petsAllowed: fc.constant(true as const),
  }
  const names = Object.keys(arbitraries) as (keyof typeof arbitraries)[]
  return fc
    .tuple(fc.record(arbitraries), fc.subarray(names, { maxLength: 3 }), fc.boolean())
    .map(([values, chosen, withText]) => {
      // Text in most searches: it has the most ways to go wrong.
      if (withText) chosen.push('q')
      const filter: ListingFilter = Object.fromEntries(chosen.map((name) => [name, values[name]]))
      const { minPrice, maxPrice, minArea, maxArea } = filter
      if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
        Object.assign(filter, { minPrice: maxPrice, maxPrice: minPrice })
      }
      if (minArea !== undefined && maxArea !== undefined && minArea > maxArea) {
        Object.assign(filter, { minArea: maxArea, maxArea: minArea })
      }
      return filter
    })
}
