// Between what Leaflet says of its view and what `GET /api/listings/map` accepts: Leaflet's
// longitudes run past ±180 once the world has been panned around, and its numbers carry more
// decimals than the API's bbox allows.
import {
  filterParameters,
  searchLimits,
  type Bbox,
  type ListingFilter,
  type MapResponse,
} from '../../../../../shared/listing-requests'

/** The edges of the map's view, as Leaflet's getWest() … getNorth() report them. */
export interface ViewEdges {
  west: number
  south: number
  east: number
  north: number
}

/** Leaflet's corners, [[south, west], [north, east]]; `east` past 180 when crossing the meridian. */
export type Corners = [[number, number], [number, number]]

/** Web Mercator's edge: a map ends there, and shows what lies beyond in its top and bottom rows. */
const mercatorEdge = 85.0511287798

// Five decimals of a degree is about a metre: enough for any view, and within the API's 12.
const scale = 1e5
const roundDown = (degrees: number) => Math.floor(degrees * scale) / scale
const roundUp = (degrees: number) => Math.ceil(degrees * scale) / scale
const latitude = (degrees: number) =>
  degrees >= mercatorEdge ? 90 : degrees <= -mercatorEdge ? -90 : degrees

/**
 * The view as the API's bbox: longitudes within -180..180 (`west` > `east` when the view spans
 * the 180th meridian), rounded outwards so that no pin at the edge is lost, the whole world's
 * width once the view is wider than the world, and a pole once the view reaches the map's edge.
 */
export function viewBbox(edges: ViewEdges): Bbox {
  const south = latitude(roundDown(edges.south))
  const north = latitude(roundUp(edges.north))
  const width = edges.east - edges.west
  if (width >= 360) return { west: -180, south, east: 180, north }
  // West into [-180, 180) and east into (-180, 180]: a view ending at 180 keeps 180.
  const west = roundDown(edges.west - 360 * Math.floor((edges.west + 180) / 360))
  const east = roundUp(edges.east - 360 * Math.ceil((edges.east - 180) / 360))
  if (west === east && width > 0) return { west: -180, south, east: 180, north }
  return { west, south, east, north }
}

/**
 * The longitude of a point's copy nearest the map's centre: beside a view across the 180th
 * meridian, a pin at -175 shows at 185, east of the one at 175, where it is on the map.
 */
export function nearestCopy(lng: number, centreLng: number): number {
  return lng + 360 * Math.round((centreLng - lng) / 360)
}

/** The map's zoom as the API's `zoom`: a whole number within its range. */
export function queryZoom(zoom: number): number {
  return Math.min(searchLimits.zoom.max, Math.max(searchLimits.zoom.min, Math.round(zoom)))
}

/** A bbox as Leaflet's corners: one that spans the meridian keeps going east past 180. */
export function bboxCorners(bbox: Bbox): Corners {
  const east = bbox.east < bbox.west ? bbox.east + 360 : bbox.east
  return [
    [bbox.south, bbox.west],
    [bbox.north, east],
  ]
}

/** The corners around every pin and cluster of a response; null when it has none. */
export function responseCorners(response: MapResponse): Corners | null {
  const points = [...response.items, ...response.clusters]
  if (points.length === 0) return null
  const lats = points.map((point) => point.lat)
  const lngs = points.map((point) => point.lng)
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ]
}

/** The same four numbers in the same order as the bbox parameter: equal boxes, equal keys. */
export function bboxKey(bbox: Bbox | undefined): string {
  return bbox ? [bbox.west, bbox.south, bbox.east, bbox.north].join(',') : ''
}

/** A search's filters but its area, in the API's order: another key is another set of results. */
export function filterKey(filter: ListingFilter): string {
  return new URLSearchParams(filterParameters({ ...filter, bbox: undefined })).toString()
}
