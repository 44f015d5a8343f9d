// What a search must return, worked out the slow and obvious way from every listing in memory,
// written apart from the server's own code (search-words.ts, search/) so that the two
// can disagree. The tests compare the API's pages and maps with it.
import type { Bbox, ListingFilter, ListingSort } from '../../src/shared/listing-requests'
import type { Geolocation } from '../../src/shared/listing'
import type { ListingRow } from './test-app'

/** Letters that lose no mark when decomposed, written out as a reader would type them. */
const plainLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
}

/** The words a person means: lower case, no accents, cut at everything but letters and digits. */
export function plainWords(text: string): string[] {
  let plain = ''
  for (const character of text.toLowerCase().normalize('NFD')) {
    if (/\p{M}/u.test(character)) continue
    plain += plainLetters[character] ?? character
  }
  return plain.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '')
}

/** What a buyer pays: the discounted price of a listing on offer. */
export function buyerPrice(row: ListingRow): number {
  return row.offer && row.discountedPrice !== null ? row.discountedPrice : row.regularPrice
}

export function inBox(row: { lat: number; lng: number }, bbox: Bbox): boolean {
  if (row.lat < bbox.south || row.lat > bbox.north) return false
  // A box whose west is east of its east goes across the 180th meridian.
  return bbox.west <= bbox.east
    ? row.lng >= bbox.west && row.lng <= bbox.east
    : row.lng >= bbox.west || row.lng <= bbox.east
}

/**
 * Whether the point lies inside the polygon, by the even-odd rule, worked out here apart from
 * shared/polygon.ts: the polygon's longitudes are unwrapped from its first point the short way,
 * and the point's longitude is taken within 180° of that first point.
 */
export function inPolygon(row: { lat: number; lng: number }, polygon: Geolocation[]): boolean {
  const near = (lng: number, to: number) => lng + 360 * Math.round((to - lng) / 360)
  const xs: number[] = []
  for (const point of polygon) xs.push(xs.length === 0 ? point.lng : near(point.lng, xs.at(-1)!))
  // On the first point's side of the polygon's middle, so a point east of the meridian can match.
  const middle = (Math.min(...xs) + Math.max(...xs)) / 2
  const x = near(row.lng, middle)
  let inside = false
  polygon.forEach((a, index) => {
    const b = polygon[(index + 1) % polygon.length]!
    const [ax, bx] = [xs[index]!, xs[(index + 1) % polygon.length]!]
    if (a.lat > row.lat !== b.lat > row.lat) {
      const edgeX = ax + ((row.lat - a.lat) * (bx - ax)) / (b.lat - a.lat)
      if (x < edgeX) inside = !inside
    }
  })
  return inside
}

/** Every word of `q` begins some word of the listing's name or location. */
function matchesText(row: ListingRow, q: string): boolean {
  const words = plainWords(`${row.name} ${row.location}`)
  return plainWords(q).every((wanted) => words.some((word) => word.startsWith(wanted)))
}

/**
 * Whether a listing is shown: only those on the market are listed, searched and mapped, except
 * that the owner's list (a `userRef` filter without `status=active`) shows every one of theirs.
 */
function isShown(row: ListingRow, filter: ListingFilter, view: 'list' | 'map'): boolean {
  const onTheMarket = row.status === undefined || row.status === 'active'
  const everyStatus = filter.userRef !== undefined && filter.status === undefined
  return onTheMarket || (view === 'list' && everyStatus)
}

/** Whether a listing matches the filter, in a list (and search) or on the map. */
export function matchesFilter(
  row: ListingRow,
  filter: ListingFilter,
  view: 'list' | 'map' = 'list',
): boolean {
  const price = buyerPrice(row)
  return (
    isShown(row, filter, view) &&
    (filter.type === undefined || row.type === filter.type) &&
    (filter.offer === undefined || row.offer === filter.offer) &&
    (filter.userRef === undefined || row.userRef === filter.userRef) &&
    (filter.q === undefined || matchesText(row, filter.q)) &&
    (filter.minPrice === undefined || price >= filter.minPrice) &&
    (filter.maxPrice === undefined || price <= filter.maxPrice) &&
    (filter.minBedrooms === undefined || row.bedrooms >= filter.minBedrooms) &&
    (filter.minBathrooms === undefined || row.bathrooms >= filter.minBathrooms) &&
    (filter.parking === undefined || row.parking === filter.parking) &&
    (filter.furnished === undefined || row.furnished === filter.furnished) &&
    (filter.homeType === undefined ||
      (row.homeType != null && filter.homeType.includes(row.homeType))) &&
    (filter.minArea === undefined || (row.floorArea != null && row.floorArea >= filter.minArea)) &&
    (filter.maxArea === undefined || (row.floorArea != null && row.floorArea <= filter.maxArea)) &&
    (filter.availableBy === undefined ||
      row.availableFrom == null ||
      Date.parse(row.availableFrom) <= Date.parse(filter.availableBy)) &&
    (filter.petsAllowed === undefined || row.petsAllowed === true) &&
    (filter.bbox === undefined || inBox(row, filter.bbox)) &&
    (filter.place === undefined || row.placeId === filter.place) &&
    (filter.polygon === undefined || inPolygon(row, filter.polygon))
  )
}

/** The listing's place in a sort: its sort value, then its id, in the sort's direction. */
function compareBy(sort: ListingSort): (a: ListingRow, b: ListingRow) => number {
  const value = sort === 'newest' ? (row: ListingRow) => row.timestamp : buyerPrice
  const direction = sort === 'price-asc' ? 1 : -1
  return (a, b) => {
    const difference = value(a) - value(b)
    // Ids in plain code-unit order: the tests' ids are lower case, which every collation agrees on.
    const tie = a.id < b.id ? -1 : a.id > b.id ? 1 : 0
    return direction * (difference !== 0 ? Math.sign(difference) : tie)
  }
}

/** The listings a search returns, in the order it returns them. */
export function searchListings(
  rows: readonly ListingRow[],
  filter: ListingFilter,
  sort: ListingSort,
): ListingRow[] {
  return rows.filter((row) => matchesFilter(row, filter)).sort(compareBy(sort))
}

/** Web Mercator shows no further north or south; listings beyond count in the top or bottom row. */
const mercatorLimit = 85.0511287798

/**
 * The cell of the map's grid at `level` (2^level cells a side, Web Mercator) that a place falls in.
 * A map at zoom z groups its listings by the cells of level z + 2: 64-pixel squares on screen.
 */
function gridCell(place: { lat: number; lng: number }, level: number): string {
  const cells = 2 ** level
  const inGrid = (value: number) => Math.min(Math.max(Math.floor(value), 0), cells - 1)
  const lat = Math.min(Math.max(place.lat, -mercatorLimit), mercatorLimit) * (Math.PI / 180)
  const row = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * cells
  return `${inGrid(((place.lng + 180) / 360) * cells)}:${inGrid(row)}`
}

export interface MapPoint {
  count: number
  lat: number
  lng: number
}

/** What a map of these listings shows at `zoom`: a point per grid cell, its count and centre. */
export function mapPoints(rows: readonly ListingRow[], zoom: number): MapPoint[] {
  const cells = new Map<string, MapPoint>()
  for (const row of rows) {
    const key = gridCell(row, zoom + 2)
    const cell = cells.get(key) ?? { count: 0, lat: 0, lng: 0 }
    cell.count += 1
    cell.lat += row.lat
    cell.lng += row.lng
    cells.set(key, cell)
  }
  return [...cells.values()].map((cell) => ({
    count: cell.count,
    lat: cell.lat / cell.count,
    lng: cell.lng / cell.count,
  }))
}
