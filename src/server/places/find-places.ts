// The places whose name starts with what a person typed (GET /api/places): the busiest ones from
// the database, then, up to the limit, the gazetteer's most populous that have no listings.
import type { Db } from '../db/database.js'
import { placeItem, type PlaceItem } from './place-item.js'
import { placePrefix, sharedPlaceIndex, type PlaceIndex } from './place-index.js'
import { busiestPlaces, placeListings } from './places.queries.js'

/** At most this many places are returned for a prefix. */
export const placesLimit = 8

export async function findPlaces(db: Db, places: PlaceIndex, typed: string): Promise<PlaceItem[]> {
  const prefix = placePrefix(typed)
  if (prefix === '') return []
  const items: PlaceItem[] = []
  for (const { id, listings } of await busiestPlaces(db, prefix, placesLimit)) {
    const index = places.indexOf(id)
    if (index === undefined) continue
    const city = places.gazetteer.city(index)
    items.push(placeItem(city, places.regionName(city), listings))
  }
  const shown = new Set(items.map((item) => item.id))
  // Fewer than the limit: every place of the prefix with listings is shown, the rest have none.
  for (const city of places.mostPopulous(prefix, placesLimit - items.length, shown)) {
    items.push(placeItem(city, places.regionName(city), 0))
  }
  return items
}

/** One place by its id, with its count, or undefined when the gazetteer has no such city. */
export async function findPlace(
  db: Db,
  places: PlaceIndex,
  id: number,
): Promise<PlaceItem | undefined> {
  const index = places.indexOf(id)
  if (index === undefined) return undefined
  const city = places.gazetteer.city(index)
  return placeItem(city, places.regionName(city), await placeListings(db, id))
}

/** What the places' routes ask; the gazetteer is read on the first question, not at start. */
export function createPlaceSearch(db: Db, places: () => PlaceIndex = sharedPlaceIndex) {
  return {
    find: (typed: string) => findPlaces(db, places(), typed),
    get: (id: number) => findPlace(db, places(), id),
  }
}

export type PlaceSearch = ReturnType<typeof createPlaceSearch>
