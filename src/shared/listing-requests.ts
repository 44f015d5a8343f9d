// The listing filter and sort, the map's types, and the filter's parameters in their one canonical
// order. A query as a whole (filter, sort, page size, cursor) is listing-query.ts.
import { homeTypes, limits, type HomeType, type ListingType } from './listing.js'
import type { Polygon } from './polygon.js'

export const listingSorts = ['newest', 'price-asc', 'price-desc'] as const
export type ListingSort = (typeof listingSorts)[number]

/** A box of the map in degrees; `west` > `east` when it spans the 180th meridian. */
export interface Bbox {
  west: number
  south: number
  east: number
  north: number
}

/** The whole world: a map's box when the search has none. */
export const worldBbox: Bbox = { west: -180, south: -90, east: 180, north: 90 }

/** What `GET /api/listings` and `/api/listings/map` filter on (the API contract's "Search"). */
export interface ListingFilter {
  type?: ListingType
  offer?: boolean
  userRef?: string
  /**
   * Only listings on the market. Every list but the owner's (`userRef`) has only those anyway;
   * with `userRef` it is a landlord's list as others see it, on their public page.
   */
  status?: 'active'
  /** whole words and word prefixes of name, location and description, all of them */
  q?: string
  /** whole dollars, on the price a buyer pays */
  minPrice?: number
  maxPrice?: number
  minBedrooms?: number
  minBathrooms?: number
  parking?: boolean
  furnished?: boolean
  /** any of these home types, in `homeTypes` order, none twice */
  homeType?: HomeType[]
  /** square metres, whole; a listing with no floor area matches neither */
  minArea?: number
  maxArea?: number
  /** `YYYY-MM-DD`: listings available on or before it, and those with no date */
  availableBy?: string
  petsAllowed?: true
  bbox?: Bbox
  /** a place's id (GET /api/places): the listings tied to that place */
  place?: number
  /** only listings inside this area (polygon.ts), tested on the polygon itself, not its box */
  polygon?: Polygon
}

export const searchLimits = {
  textLength: { min: 1, max: 100 },
  rooms: limits.rooms,
  floorArea: limits.floorArea,
  zoom: { min: 0, max: 20 },
  /** a map response lists every match as an item up to this many */
  mapItems: 200,
} as const

/** The filter's parameters, in one fixed order, as strings; absent ones left out. */
export function filterParameters(filter: ListingFilter): [string, string][] {
  const parameters: [string, string][] = []
  const add = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) parameters.push([name, String(value)])
  }
  add('type', filter.type)
  add('offer', filter.offer)
  add('userRef', filter.userRef)
  add('status', filter.status)
  add('q', filter.q)
  add('minPrice', filter.minPrice)
  add('maxPrice', filter.maxPrice)
  add('minBedrooms', filter.minBedrooms)
  add('minBathrooms', filter.minBathrooms)
  add('parking', filter.parking)
  add('furnished', filter.furnished)
  // An empty list is no filter: the parser takes no empty value.
  if (filter.homeType?.length) {
    add('homeType', homeTypes.filter((type) => filter.homeType?.includes(type)).join(','))
  }
  add('minArea', filter.minArea)
  add('maxArea', filter.maxArea)
  add('availableBy', filter.availableBy)
  add('petsAllowed', filter.petsAllowed)
  add('place', filter.place)
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox
    add('bbox', [west, south, east, north].map(degrees).join(','))
  }
  if (filter.polygon) {
    // Already canonical (canonicalPolygon): the parser and the map's outline give it so, and this
    // module stays out of polygon.ts, which the first load of / does not need.
    add(
      'polygon',
      filter.polygon.map(({ lat, lng }) => `${degrees(lat)},${degrees(lng)}`).join(';'),
    )
  }
  return parameters
}

/** `0.0000005`, not `5e-7`: a bbox's degrees as its parameter takes them, 12 decimals at most. */
function degrees(value: number): string {
  const text = value.toFixed(12).replace(/\.?0+$/, '')
  return text === '-0' ? '0' : text
}

/**
 * The query parameter of a list's cursor: in `GET /api/listings`, and in a list page's address,
 * where it is the page a 'Load More' link leads to.
 */
export const cursorParameter = 'cursor'

export function listingPath(id: string): string {
  return `/api/listings/${encodeURIComponent(id)}`
}

/** One pin of `GET /api/listings/map`: `price` is the price a buyer pays. */
export interface MapItem {
  id: string
  type: ListingType
  name: string
  price: number
  lat: number
  lng: number
}

/** Listings grouped near one point; `count` of them. */
export interface MapCluster {
  lat: number
  lng: number
  count: number
}

/** `items.length` plus the clusters' counts is `total`; every match is an item when total ≤ 200. */
export interface MapResponse {
  total: number
  items: MapItem[]
  clusters: MapCluster[]
}
