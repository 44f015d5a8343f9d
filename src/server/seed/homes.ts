// The homes the demo seed and the benchmark's seed make up: kinds with the bedrooms they have,
// names the spec's form would accept, and prices that fit the type, the size and the place.
import type { ListingType } from '../../shared/listing.js'
import type { Random } from './random.js'

/** Each kind of home, with the fewest and most bedrooms it has. */
export const homeKinds = {
  Studio: [1, 1],
  Loft: [1, 2],
  Flat: [1, 3],
  Apartment: [1, 4],
  Penthouse: [2, 4],
  Duplex: [2, 4],
  Cottage: [2, 4],
  Bungalow: [2, 4],
  Townhouse: [3, 5],
  'Family Home': [3, 6],
  Villa: [3, 6],
} as const satisfies Record<string, readonly [number, number]>
export type HomeKind = keyof typeof homeKinds
export const homeKindNames = Object.keys(homeKinds) as HomeKind[]

const adjectives = [
  'Sunny',
  'Quiet',
  'Modern',
  'Cosy',
  'Bright',
  'Spacious',
  'Charming',
  'Elegant',
  'Stylish',
  'Airy',
]

export function bedroomsOf(random: Random, kind: HomeKind): number {
  const [fewest, most] = homeKinds[kind]
  return random.int(fewest, most)
}

/** Names of 10 to 32 characters (the spec's rules): 'Sunny Loft in Paris', 'Airy Flat to rent'. */
export function listingName(
  random: Random,
  kind: HomeKind,
  city: string,
  type: ListingType,
): string {
  const base = `${random.pick(adjectives)} ${kind}`
  const withCity = `${base} in ${city}`
  return withCity.length <= 32 ? withCity : `${base} to ${type === 'rent' ? 'rent' : 'buy'}`
}

/**
 * A month's rent, or a sale price of 18 to 28 years of it, in whole dollars; `rent` is what two
 * bedrooms rent for in that place.
 */
export function listingPrice(
  random: Random,
  type: ListingType,
  bedrooms: number,
  rent: number,
): number {
  const monthly = rent * (0.6 + 0.2 * bedrooms) * (0.8 + 0.4 * random.next())
  return type === 'rent'
    ? Math.max(2, Math.round(monthly / 50)) * 50
    : Math.max(2, Math.round((monthly * 12 * random.int(18, 28)) / 1000)) * 1000
}

/** 5 to 25% off, in the price's own steps, and always below it (the spec's rule). */
export function discountedPrice(random: Random, regularPrice: number, type: ListingType): number {
  const step = type === 'rent' ? 50 : 1000
  const discounted = Math.round((regularPrice * random.int(75, 95)) / 100 / step) * step
  return Math.min(discounted, regularPrice - step)
}
