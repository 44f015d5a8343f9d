// The facts of a demo home beyond the spec's fields: its type as its name says, a floor area that
// fits its rooms, when it is free, whether pets may come, and a description of its own. Made from
// a source of their own, so that the spec's fields and the pictures stay what they were.
import type { HomeType } from '../../shared/listing.js'
import type { ListingFactColumns } from '../listings/listings.queries.js'
import { demoDescription, type DescribedHome } from './demo-descriptions.js'
import type { HomeKind } from './homes.js'
import { seededRandom } from './random.js'

export const homeTypeOfKind: Record<HomeKind, HomeType> = {
  Studio: 'studio',
  Loft: 'apartment',
  Flat: 'apartment',
  Apartment: 'apartment',
  Penthouse: 'apartment',
  Duplex: 'apartment',
  Cottage: 'house',
  Bungalow: 'house',
  Townhouse: 'townhouse',
  'Family Home': 'house',
  Villa: 'house',
}

/** Square metres: a home's common rooms, then each bedroom. */
const areaOfKind: Record<HomeType, { base: number; perBedroom: number }> = {
  studio: { base: 22, perBedroom: 8 },
  apartment: { base: 30, perBedroom: 18 },
  townhouse: { base: 50, perBedroom: 22 },
  house: { base: 55, perBedroom: 25 },
  room: { base: 10, perBedroom: 0 },
  land: { base: 500, perBedroom: 0 },
  other: { base: 40, perBedroom: 20 },
}

const dayMs = 86_400_000
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})

/** What the facts are made from: the home as its description tells it, before the facts. */
export type DemoFactsInput = Omit<DescribedHome, 'floorArea' | 'petsAllowed' | 'available'>

export function demoFacts(index: number, home: DemoFactsInput, now: number): ListingFactColumns {
  const random = seededRandom(0x5eed_0000 + index)
  const homeType = homeTypeOfKind[home.kind]
  const { base, perBedroom } = areaOfKind[homeType]
  const spacious = home.kind === 'Penthouse' || home.kind === 'Villa' ? 1.4 : 1
  const floorArea = Math.round(
    (base + perBedroom * home.bedrooms) * spacious * (0.85 + 0.35 * random.next()),
  )
  // Rentals: most free now or within weeks; sales: some with a date for the keys.
  let availableFromMs: number | null = null
  if (home.type === 'rent') {
    if (!random.chance(0.15)) availableFromMs = now + random.int(-30, 75) * dayMs
  } else if (random.chance(0.4)) {
    availableFromMs = now + random.int(30, 120) * dayMs
  }
  // Owners of homes for sale rarely say; landlords mostly do.
  const petsAllowed =
    home.type === 'rent' ? (random.chance(0.85) ? random.chance(0.45) : null) : null
  const available =
    availableFromMs === null
      ? null
      : availableFromMs <= now
        ? 'straight away'
        : `from ${longDate.format(availableFromMs)}`
  return {
    homeType,
    floorArea,
    availableFrom: availableFromMs === null ? null : dateOf(availableFromMs),
    petsAllowed,
    description: demoDescription(random, { ...home, floorArea, petsAllowed, available }),
  }
}
