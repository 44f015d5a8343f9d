// Which place a listing is tied to when it is saved: the city the geocoder named when it lies
// within 50 km of the listing's point, else the city nearest the point within 50 km, else none.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { normalizePlace } from '../geocoding/place-names.js'
import { placeReachKm } from './place-grid.js'
import { sharedPlaceIndex, type PlaceIndex } from './place-index.js'
import { ensurePlaces, type PlaceRow } from './places.queries.js'

/** The place row of the city a point is tied to, or undefined. */
export function placeOfPoint(
  point: { lat: number; lng: number },
  namedPlaceId?: number,
  places: PlaceIndex = sharedPlaceIndex(),
): PlaceRow | undefined {
  const named = namedPlaceId === undefined ? undefined : places.indexOf(namedPlaceId)
  const index =
    named !== undefined && places.grid.distanceKm(point.lat, point.lng, named) <= placeReachKm
      ? named
      : places.grid.nearest(point.lat, point.lng)
  if (index === undefined) return undefined
  const city = places.gazetteer.city(index)
  return { id: city.id, key: normalizePlace(city.name), population: city.population }
}

/**
 * The place id to save with a listing, its place's row made first if needed. Call it before the
 * write's transaction, not in it: a place row locked there before the listing's counting triggers
 * run could deadlock with another write (decision 046). The first call of a process reads the
 * gazetteer.
 */
export async function tieToPlace(
  db: Kysely<Database>,
  place: PlaceRow | undefined,
): Promise<number | null> {
  if (!place) return null
  await ensurePlaces(db, [place])
  return place.id
}
