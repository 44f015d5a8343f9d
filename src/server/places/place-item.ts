// A place as GET /api/places returns it: the city, its region's name, a box to fit the map to and
// its count of listings on the market.
import type { City } from '../geocoding/gazetteer.js'

export interface PlaceItem {
  /** the GeoNames id */
  id: number
  name: string
  /** the first-level region's name where known ('England'), else '' */
  region: string
  /** ISO 3166-1 alpha-2 */
  country: string
  lat: number
  lng: number
  /** [west, south, east, north]; west > east when it spans the 180th meridian */
  bbox: [number, number, number, number]
  /** listings on the market tied to the place */
  count: number
}

/**
 * The gazetteer has points, not bounds: a box of a radius that grows with the square root of the
 * population (a city's area grows about with its people), from 3 km for a village to 30 km for
 * London or Tokyo.
 */
export function placeRadiusKm(population: number): number {
  return Math.min(30, Math.max(3, Math.sqrt(population) / 100))
}

export function placeBox(lat: number, lng: number, radiusKm: number): PlaceItem['bbox'] {
  const latReach = radiusKm / 111.19
  const south = Math.max(-90, lat - latReach)
  const north = Math.min(90, lat + latReach)
  const cos = Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180)
  const lngReach = Math.min(180, radiusKm / (111.19 * cos))
  const wrap = (value: number) => (value > 180 ? value - 360 : value < -180 ? value + 360 : value)
  const [west, east] = lngReach >= 180 ? [-180, 180] : [wrap(lng - lngReach), wrap(lng + lngReach)]
  const round = (value: number) => Math.round(value * 1e5) / 1e5
  return [round(west), round(south), round(east), round(north)]
}

export function placeItem(city: City, region: string, count: number): PlaceItem {
  return {
    id: city.id,
    name: city.name,
    region,
    country: city.country,
    lat: city.lat,
    lng: city.lng,
    bbox: placeBox(city.lat, city.lng, placeRadiusKm(city.population)),
    count,
  }
}
