// Fills a fresh database with users and listings for the benchmark, in batches straight through
// Kysely (src/server/seed/bulk-insert.ts, which `npm run seed -- --photos shared` uses too). Image
// keys point at a handful of fake keys: the API only turns keys into URLs. The listings lie in the
// world's most populous cities, so that text, price and map searches meet the spread a real
// catalogue has.
import type { Db } from '../../src/server/db/database.js'
import { loadGazetteer } from '../../src/server/geocoding/gazetteer.js'
import { newId } from '../../src/server/ids.js'
import {
  insertListingRows,
  insertUserRows,
  updatePlannerStatistics,
} from '../../src/server/seed/bulk-insert.js'
import {
  bedroomsOf,
  discountedPrice,
  homeKindNames,
  listingName,
  listingPrice,
  type HomeKind,
} from '../../src/server/seed/homes.js'
import { homeTypeOfKind } from '../../src/server/seed/demo-facts.js'
import { seededRandom, type Random } from '../../src/server/seed/random.js'
import { benchDescription } from './descriptions.js'

const userCount = 300
const cityCount = 200
/** Listings lie within this distance of their city's centre. */
export const cityRadiusKm = 8
const imageKeys = Array.from({ length: 8 }, (_, n) => `images/bench-house-${n + 1}`)

/** The word of the names that a search for one common word finds: about 30% of all listings. */
export const commonWord = 'Apartment' satisfies HomeKind
const commonShare = 0.3
const otherKinds = homeKindNames.filter((kind) => kind !== commonWord)

// Rents against the United States' (1): rough, but enough that a price range finds a different
// mix of cities than the whole catalogue holds.
const priceLevel: Record<string, number> = {
  US: 1,
  GB: 1,
  HK: 1.2,
  SG: 1.1,
  AU: 0.9,
  CA: 0.85,
  AE: 0.9,
  FR: 0.8,
  DE: 0.8,
  ES: 0.7,
  IT: 0.7,
  AT: 0.7,
  JP: 0.7,
  KR: 0.7,
  TW: 0.5,
  SA: 0.5,
  CN: 0.45,
  RU: 0.4,
  PL: 0.4,
  BR: 0.35,
  MX: 0.35,
  ZA: 0.35,
  CL: 0.35,
  TR: 0.3,
  AR: 0.3,
}
const otherCountriesLevel = 0.25
/** A month's rent of two bedrooms where the level is 1, in dollars. */
const baseRent = 2_000

// Street names in the country's language where we know a few, else in English.
const streetsByLanguage = {
  en: ['Market Street', 'Station Road', 'Park Avenue', 'Church Lane', 'Hill Road', 'King Street'],
  fr: ['Rue de la Paix', 'Rue Victor Hugo', 'Avenue des Écoles', 'Rue du Marché'],
  es: ['Calle Mayor', 'Avenida de la Libertad', 'Calle del Sol', 'Paseo de las Flores'],
  pt: ['Rua das Flores', 'Avenida São João', 'Rua do Comércio', 'Rua da Estação'],
  de: ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Lindenallee'],
  it: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via dei Mille'],
}
const languageOf: Record<string, keyof typeof streetsByLanguage> = {
  FR: 'fr',
  CD: 'fr',
  CI: 'fr',
  SN: 'fr',
  GN: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  PE: 'es',
  VE: 'es',
  CL: 'es',
  EC: 'es',
  CU: 'es',
  DO: 'es',
  BR: 'pt',
  PT: 'pt',
  AO: 'pt',
  DE: 'de',
  AT: 'de',
  IT: 'it',
}

export interface BenchCity {
  name: string
  /** ISO 3166-1 alpha-2 */
  countryCode: string
  /** the country's English name, as an address ends */
  country: string
  population: number
  lat: number
  lng: number
}

/** The gazetteer's most populous cities, most populous first. */
export function benchCities(count = cityCount): BenchCity[] {
  const gazetteer = loadGazetteer()
  const countryNames = new Intl.DisplayNames('en', { type: 'region' })
  const indexes = Array.from({ length: gazetteer.size }, (_, index) => index)
  return indexes
    .sort((a, b) => gazetteer.city(b).population - gazetteer.city(a).population)
    .slice(0, count)
    .map((index) => {
      const city = gazetteer.city(index)
      return {
        name: city.name,
        countryCode: city.country,
        country: countryNames.of(city.country) ?? city.country,
        population: city.population,
        lat: city.lat,
        lng: city.lng,
      }
    })
}

export interface SeedResult {
  listings: number
  users: number
  cities: number
  /** time spent inserting users and listings */
  seedMs: number
}

export async function seedListings(
  db: Db,
  listings: number,
  cities: BenchCity[],
): Promise<SeedResult> {
  const started = performance.now()
  const userIds = await insertUserRows(
    db,
    Array.from({ length: userCount }, (_, n) => ({
      name: `Bench Landlord ${n + 1}`,
      email: `bench-${n + 1}@example.com`,
    })),
  )
  await insertListings(db, userIds, listings, cities)
  const seedMs = performance.now() - started
  await updatePlannerStatistics(db)
  return { listings, users: userIds.length, cities: cities.length, seedMs }
}

/** Newest first is listing 0; each is a minute older than the one before. */
async function insertListings(
  db: Db,
  userIds: string[],
  count: number,
  cities: BenchCity[],
): Promise<void> {
  const random = seededRandom(count)
  const pickCity = weightedPicker(cities, (city) => city.population)
  const now = Date.now()
  await insertListingRows(db, count, (n) => {
    const city = pickCity(random.next())
    const type = random.chance(0.55) ? ('rent' as const) : ('sale' as const)
    const kind = random.chance(commonShare) ? commonWord : random.pick(otherKinds)
    const bedrooms = bedroomsOf(random, kind)
    const rent = baseRent * (priceLevel[city.countryCode] ?? otherCountriesLevel)
    const regularPrice = listingPrice(random, type, bedrooms, rent)
    const offer = random.chance(0.4)
    const spot = nearCentre(random, city)
    const name = listingName(random, kind, city.name, type)
    const location = `${random.int(1, 180)} ${random.pick(streetsOf(city.countryCode))}, ${city.name}, ${city.country}`
    return {
      id: newId(),
      userRef: userIds[n % userIds.length]!,
      type,
      name,
      bedrooms,
      bathrooms: random.int(1, Math.max(1, bedrooms - 1)),
      parking: random.chance(0.5),
      furnished: random.chance(0.5),
      location,
      offer,
      regularPrice,
      discountedPrice: offer ? discountedPrice(random, regularPrice, type) : null,
      images: JSON.stringify(
        Array.from({ length: random.int(2, 3) }, () => random.pick(imageKeys)),
      ),
      lat: spot.lat,
      lng: spot.lng,
      timestamp: now - n * 60_000,
      ...facts(random, kind, bedrooms, type, now),
    }
  })
}

const dayMs = 24 * 60 * 60_000

/**
 * A description, and the facts some owners leave out: a type (one in 20 without), an area that
 * fits the rooms (one in 10 without), a date within four months either way (a third without),
 * and for rentals whether pets are allowed (a fifth without).
 */
function facts(
  random: Random,
  kind: HomeKind,
  bedrooms: number,
  type: 'rent' | 'sale',
  now: number,
) {
  const area = kind === 'Studio' ? random.int(18, 40) : 25 + bedrooms * random.int(18, 32)
  const date = new Date(now + random.int(-120, 120) * dayMs).toISOString().slice(0, 10)
  return {
    description: benchDescription(random),
    homeType: random.chance(0.05) ? null : homeTypeOfKind[kind],
    floorArea: random.chance(0.1) ? null : area,
    availableFrom: random.chance(0.33) ? null : date,
    petsAllowed: type === 'rent' && !random.chance(0.2) ? random.chance(0.5) : null,
  }
}

/** Picks an item with a chance proportional to its weight, given a number in [0, 1). */
function weightedPicker<T>(items: T[], weight: (item: T) => number): (draw: number) => T {
  const cumulative: number[] = []
  let total = 0
  for (const item of items) cumulative.push((total += weight(item)))
  return (draw) => {
    const target = draw * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle]! > target) high = middle
      else low = middle + 1
    }
    return items[low]!
  }
}

/** Spread evenly over a disc around the centre. */
function nearCentre(random: Random, city: BenchCity): { lat: number; lng: number } {
  const distanceKm = cityRadiusKm * Math.sqrt(random.next())
  const angle = 2 * Math.PI * random.next()
  const perKm = degreesPerKm(city.lat)
  return {
    lat: city.lat + distanceKm * Math.sin(angle) * perKm.lat,
    lng: city.lng + distanceKm * Math.cos(angle) * perKm.lng,
  }
}

/** The degrees of latitude and of longitude that a kilometre spans at this latitude. */
export function degreesPerKm(lat: number): { lat: number; lng: number } {
  const kmPerDegree = 111.32
  return { lat: 1 / kmPerDegree, lng: 1 / (kmPerDegree * Math.cos((lat * Math.PI) / 180)) }
}

function streetsOf(countryCode: string): string[] {
  return streetsByLanguage[languageOf[countryCode] ?? 'en']
}
