// The default geocoder, with no key and no network: it finds the city an address names in the
// gazetteer and returns that city's centre, which is where the listing's map marker goes.
import { createAreaIndex, type Area, type AreaIndex } from './areas.js'
import { sharedGazetteer, type Gazetteer } from './gazetteer.js'
import type { GeocodeResult, Geocoder } from './geocoder.js'
import { endsStreetName, normalizePlace } from './place-names.js'

export interface Places {
  gazetteer: Gazetteer
  areas: AreaIndex
}

export function openPlaces(gazetteer: Gazetteer = sharedGazetteer()): Places {
  return { gazetteer, areas: createAreaIndex(gazetteer.countries()) }
}

/** Reads the gazetteer on the first address, not when the server starts (it takes about a second). */
export function createOfflineGeocoder(open: () => Places = openPlaces): Geocoder {
  let places: Places | undefined
  return {
    async geocode(address) {
      places ??= open()
      return resolveAddress(address, places)
    },
  }
}

/** Where the address may be: anywhere (null), or in one of these countries or regions. */
type Scope = readonly Area[] | null

// The longest place name we look for inside a part of an address, in words.
const maxWords = 6

/**
 * The city an address names. The parts of an address (between commas or lines) are read from the
 * end, as people write them: country, region, city, street. A country or region narrows down the
 * city before it ('Paris, Texas'); where several cities share a name, the most populous wins.
 */
export function resolveAddress(address: string, places: Places): GeocodeResult | null {
  const parts = address
    .split(/[,;\n\r]+/)
    .map((part) =>
      normalizePlace(part)
        .split(' ')
        // House numbers and postcodes ('12', '75004', 'SW1A', '221B') name no city.
        .filter((word) => word !== '' && !/\d/.test(word)),
    )
    .filter((words) => words.length > 0)
  const city = findCity(parts, null, places)
  return city === undefined ? null : describe(places, city)
}

function findCity(parts: string[][], scope: Scope, places: Places): number | undefined {
  const last = parts.at(-1)
  if (last === undefined) return undefined
  const earlier = parts.slice(0, -1)

  // The longest run of words that ends the part and names something: 'new york' before 'york'.
  for (let start = Math.max(0, last.length - maxWords); start < last.length; start++) {
    const name = last.slice(start).join(' ')
    const area = places.areas.named(name)
    const within = narrow(scope, area.areas)
    if (within !== null) {
      // A country or region is binding for what comes before it: 'Pariss, France' is not Paris, Texas.
      const before = start > 0 ? [...earlier, last.slice(0, start)] : earlier
      return (
        findCity(before, within, places) ??
        // 'Singapore', 'Berlin', 'New York': the area's own city.
        bestCity(places, name, within) ??
        // 'Washington' alone is a state and a city.
        (before.length === 0 && !area.country ? bestCity(places, name, scope) : undefined)
      )
    }
    // A shorter run must not be part of a street's name ('Rue de Rivoli' is not Rivoli, Italy).
    if (start === 0 || (name.length >= 3 && !endsStreetName(last, start))) {
      const city = bestCity(places, name, scope)
      if (city !== undefined) return city
    }
  }
  // Nothing named at the end of this part: a street, a postcode, a typo. Try the part before.
  return findCity(earlier, scope, places)
}

/** The scope both allow, or null when the areas are not in the scope (or there are none). */
function narrow(scope: Scope, areas: readonly Area[]): Scope {
  if (areas.length === 0) return null
  if (scope === null) return areas
  const both: Area[] = []
  for (const area of areas) {
    for (const outer of scope) {
      if (area.country !== outer.country) continue
      if (area.region !== undefined && outer.region !== undefined && area.region !== outer.region) {
        continue
      }
      both.push({ country: area.country, region: area.region ?? outer.region })
    }
  }
  return both.length > 0 ? both : null
}

function bestCity({ gazetteer }: Places, name: string, scope: Scope): number | undefined {
  let best: number | undefined
  let bestPopulation = -1
  for (const index of gazetteer.named(name)) {
    const city = gazetteer.city(index)
    const inScope =
      scope === null ||
      scope.some(
        (area) =>
          area.country === city.country &&
          (area.region === undefined || area.region === city.region),
      )
    if (inScope && city.population > bestPopulation) {
      best = index
      bestPopulation = city.population
    }
  }
  return best
}

/** 'Paris, Île-de-France, France': the region only when we know its name and the city's lacks it. */
function describe({ gazetteer, areas }: Places, index: number): GeocodeResult {
  const city = gazetteer.city(index)
  const region = areas.regionName(city.country, city.region)
  const showRegion =
    region !== undefined &&
    !` ${normalizePlace(city.name)} `.includes(` ${normalizePlace(region)} `)
  return {
    lat: city.lat,
    lng: city.lng,
    placeId: city.id,
    formattedAddress: [city.name, showRegion ? region : undefined, areas.countryName(city.country)]
      .filter((piece) => piece !== undefined)
      .join(', '),
  }
}
