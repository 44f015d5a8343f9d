// The city nearest a point, within a distance: the cities sorted into cells of half a degree, so
// that a point's question reads the few cells around it, not 138,000 cities.
import type { Gazetteer } from '../geocoding/gazetteer.js'

/** A listing farther than this from every city is tied to no place. */
export const placeReachKm = 50

const cellDegrees = 0.5
const rows = 180 / cellDegrees
const columns = 360 / cellDegrees
const earthRadiusKm = 6371.0088

export interface PlaceGrid {
  /** The index of the city nearest the point within `reachKm`, or undefined. */
  nearest(lat: number, lng: number, reachKm?: number): number | undefined
  /** The distance in km from a point to a city. */
  distanceKm(lat: number, lng: number, index: number): number
}

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)))
}

const rowOf = (lat: number) => Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / cellDegrees)))
const columnOf = (lng: number) =>
  (((Math.floor((lng + 180) / cellDegrees) % columns) + columns) % columns) as number

export function createPlaceGrid(gazetteer: Gazetteer): PlaceGrid {
  const lats = new Float64Array(gazetteer.size)
  const lngs = new Float64Array(gazetteer.size)
  const cellOf = new Uint32Array(gazetteer.size)
  // Cities by cell: those of cell c are cities[start[c]] to cities[start[c + 1] - 1].
  const start = new Uint32Array(rows * columns + 1)
  for (let index = 0; index < gazetteer.size; index++) {
    const { lat, lng } = gazetteer.city(index)
    lats[index] = lat
    lngs[index] = lng
    cellOf[index] = rowOf(lat) * columns + columnOf(lng)
    start[cellOf[index]! + 1]!++
  }
  for (let cell = 0; cell < rows * columns; cell++) start[cell + 1]! += start[cell]!
  const filled = start.slice(0, -1)
  const cities = new Uint32Array(gazetteer.size)
  for (let index = 0; index < gazetteer.size; index++) cities[filled[cellOf[index]!]!++] = index

  const distanceTo = (lat: number, lng: number, index: number) =>
    distanceKm(lat, lng, lats[index]!, lngs[index]!)

  return {
    distanceKm: distanceTo,
    nearest(lat, lng, reachKm = placeReachKm) {
      const rowReach = Math.ceil(reachKm / (111.19 * cellDegrees))
      const row = rowOf(lat)
      const column = columnOf(lng)
      let best: number | undefined
      let bestKm = reachKm
      const search = (cell: number) => {
        for (let at = start[cell]!; at < start[cell + 1]!; at++) {
          const index = cities[at]!
          const km = distanceTo(lat, lng, index)
          if (km <= bestKm) {
            best = index
            bestKm = km
          }
        }
      }
      // The point's own cell first: its nearest city usually rules out every cell around it.
      search(row * columns + column)
      for (let r = Math.max(0, row - rowReach); r <= Math.min(rows - 1, row + rowReach); r++) {
        const south = r * cellDegrees - 90
        const latGapKm = 111.19 * Math.max(0, south - lat, lat - (south + cellDegrees))
        if (latGapKm > bestKm) continue
        // A degree of longitude is shortest at the row's edge nearer a pole.
        const edge = Math.max(Math.abs(south), Math.abs(south + cellDegrees))
        const kmPerDegree = 111.19 * Math.cos((Math.min(edge, 89.9) * Math.PI) / 180)
        const columnReach = Math.min(
          Math.floor(columns / 2),
          Math.ceil(reachKm / (kmPerDegree * cellDegrees)),
        )
        const offsetInCell = (lng + 180) / cellDegrees - Math.floor((lng + 180) / cellDegrees)
        for (let n = -columnReach; n <= columnReach; n++) {
          if (r === row && n === 0) continue
          if (n === columnReach && 2 * columnReach + 1 > columns) continue
          // Whole cells between the point and this one, plus the part of its own cell.
          const gap =
            n === 0
              ? 0
              : (Math.abs(n) - 1 + (n > 0 ? 1 - offsetInCell : offsetInCell)) * cellDegrees
          if (0.99 * gap * kmPerDegree > bestKm) continue
          search(r * columns + ((((column + n) % columns) + columns) % columns))
        }
      }
      return best
    },
  }
}
