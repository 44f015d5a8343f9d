// The gazetteer's cities as places, in memory: by id, by the start of their name (a sorted array
// of normalized names, so that a typed prefix is a binary search and a short scan) and by point
// (place-grid.ts). About 138,000 cities: a few megabytes, read once per process.
import { createAreaIndex } from '../geocoding/areas.js'
import { sharedGazetteer, type City, type Gazetteer } from '../geocoding/gazetteer.js'
import { normalizePlace } from '../geocoding/place-names.js'
import { createPlaceGrid, type PlaceGrid } from './place-grid.js'

export interface PlaceIndex {
  readonly gazetteer: Gazetteer
  /** the city of a GeoNames id, by its index in the gazetteer */
  indexOf(id: number): number | undefined
  /** the most populous cities whose normalized name starts with `prefix`, most populous first */
  mostPopulous(prefix: string, count: number, skip: ReadonlySet<number>): City[]
  readonly grid: PlaceGrid
  /** the name of a city's first-level region where we know it ('England'), else '' */
  regionName(city: City): string
}

/**
 * The normalized form of what a person typed, as a prefix of the names' normalized forms. The
 * last word may be cut short, so it is not read as an abbreviation: 'st' is the start of
 * 'Stockholm' as well as 'St. Louis'; 'st ' and 'st.' are 'saint'.
 */
export function placePrefix(typed: string): string {
  const key = normalizePlace(typed)
  const lastTyped = /[\p{L}\p{N}]$/u.test(typed) ? typed.split(/[^\p{L}\p{N}'’‘`ʻʼ]+/u).at(-1) : ''
  if (!lastTyped) return key
  // A letter after it keeps normalizePlace from reading it as a whole word ('stx' stays 'stx').
  const lastWord = normalizePlace(`${lastTyped}x`).slice(0, -1)
  const words = key.split(' ')
  words[words.length - 1] = lastWord
  return words.join(' ').trim()
}

export function createPlaceIndex(gazetteer: Gazetteer): PlaceIndex {
  const ids = new Uint32Array(gazetteer.size)
  const keys: string[] = new Array<string>(gazetteer.size)
  for (let index = 0; index < gazetteer.size; index++) {
    const city = gazetteer.city(index)
    ids[index] = city.id
    keys[index] = normalizePlace(city.name)
  }
  // The cities' indexes in the order of their ids: a binary search finds an id, in a fifth of a
  // Map's memory.
  const byId = Uint32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!)
  const indexOf = (id: number) => {
    let low = 0
    let high = byId.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (ids[byId[middle]!]! < id) low = middle + 1
      else high = middle
    }
    return low < byId.length && ids[byId[low]!] === id ? byId[low] : undefined
  }
  // The cities' indexes in the order of their names (code unit order, as `<` compares).
  const order = Uint32Array.from(keys.keys()).sort((a, b) =>
    keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0,
  )
  const areas = createAreaIndex(gazetteer.countries())
  const people = Uint32Array.from(keys, (_, index) => gazetteer.city(index).population)

  const firstAtOrAfter = (prefix: string) => {
    let low = 0
    let high = order.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (keys[order[middle]!]! < prefix) low = middle + 1
      else high = middle
    }
    return low
  }

  return {
    gazetteer,
    indexOf,
    mostPopulous(prefix, count, skip) {
      if (prefix === '' || count <= 0) return []
      // The best `count` so far, most populous first; a city joins only if it beats the last.
      const best: number[] = []
      for (let at = firstAtOrAfter(prefix); at < order.length; at++) {
        const index = order[at]!
        if (!keys[index]!.startsWith(prefix)) break
        const population = people[index]!
        if (best.length === count && population <= people[best[count - 1]!]!) continue
        if (skip.has(gazetteer.city(index).id)) continue
        let slot = best.length
        while (slot > 0 && people[best[slot - 1]!]! < population) slot--
        best.splice(slot, 0, index)
        if (best.length > count) best.pop()
      }
      return best.map((index) => gazetteer.city(index))
    },
    grid: createPlaceGrid(gazetteer),
    regionName: (city) => areas.regionName(city.country, city.region) ?? '',
  }
}

let shared: PlaceIndex | undefined

/** The place index of this process, built on first use from the shared gazetteer. */
export function sharedPlaceIndex(): PlaceIndex {
  return (shared ??= createPlaceIndex(sharedGazetteer()))
}
