// An area on the map as a polygon (the `polygon` search parameter): reading and checking its text,
// its canonical form, its box, whether a point lies inside it, and the simplification of a traced
// outline to few enough points. No zod here: the map imports it.
import type { Geolocation } from './listing.js'
import type { Bbox } from './listing-requests.js'

/** A polygon's corners in order; each edge is a straight line in degrees, the last joins the first. */
export type Polygon = Geolocation[]

export const polygonLimits = { minPoints: 3, maxPoints: 50, maxSpanDegrees: 180 } as const

export const polygonMessages = {
  points: `Must be ${polygonLimits.minPoints} to ${polygonLimits.maxPoints} points lat,lng joined by ;`,
  range: 'Each point must be lat,lng in degrees: lat from -90 to 90, lng from -180 to 180',
  span: `Must span at most ${polygonLimits.maxSpanDegrees}° of longitude`,
  crossing: 'Must not cross itself',
} as const

/** The degrees a point's text takes, as a bbox's do: at most 3 digits and 12 decimals. */
const degreesPattern = /^-?\d{1,3}(\.\d{1,12})?$/

/**
 * The polygon of a `polygon` parameter, in its canonical form, or the message of what is wrong
 * with it. A last point that repeats the first closes the shape and is not counted.
 */
export function readPolygon(text: string): { polygon: Polygon } | { problem: string } {
  const parts = text.split(';')
  // Checked before reading the numbers, so a long text costs nothing.
  if (parts.length > polygonLimits.maxPoints + 1) return { problem: polygonMessages.points }
  const points: Polygon = []
  for (const part of parts) {
    const pair = part.split(',')
    if (pair.length !== 2 || !pair.every((each) => degreesPattern.test(each))) {
      return { problem: polygonMessages.points }
    }
    const [lat, lng] = pair.map(Number) as [number, number]
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return { problem: polygonMessages.range }
    points.push({ lat, lng })
  }
  const problem = polygonProblem(points)
  return problem === undefined ? { polygon: canonicalPolygon(points) } : { problem }
}

/** What is wrong with a polygon as a search's area, or undefined when it is a good one. */
export function polygonProblem(given: Polygon): string | undefined {
  if (given.some(({ lat, lng }) => !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180))) {
    return polygonMessages.range
  }
  const points = withoutClosingPoint(given)
  if (points.length < polygonLimits.minPoints || points.length > polygonLimits.maxPoints) {
    return polygonMessages.points
  }
  const plane = planePoints(points)
  if (plane === undefined) return polygonMessages.span
  return crossesItself(plane) ? polygonMessages.crossing : undefined
}

function withoutClosingPoint(points: Polygon): Polygon {
  const first = points[0]
  const last = points[points.length - 1]
  const closed =
    points.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng
  return closed ? points.slice(0, -1) : points
}

/** A point on the plane where the polygon's edges are straight: x is the longitude, unwrapped. */
interface PlanePoint {
  x: number
  y: number
}

/** The longitude `lng`, a whole turn more or less, that lies within 180° of `from`. */
function nearLongitude(lng: number, from: number): number {
  return lng + 360 * Math.round((from - lng) / 360)
}

/**
 * The points with their longitudes unwrapped (each joined to the one before the short way round),
 * shifted so that the westmost lies in [-180, 180]: a shape across the 180th meridian then reaches
 * past 180. Undefined when the shape spans more than 180° or goes round a pole.
 */
function planePoints(points: Polygon): PlanePoint[] | undefined {
  const xs = [points[0]!.lng]
  for (let index = 1; index <= points.length; index++) {
    xs.push(nearLongitude(points[index % points.length]!.lng, xs[index - 1]!))
  }
  // Back at the first point a whole turn away: the shape goes round a pole.
  if (xs[points.length] !== xs[0]) return undefined
  xs.pop()
  const west = Math.min(...xs)
  if (Math.max(...xs) - west > polygonLimits.maxSpanDegrees) return undefined
  const shift = west < -180 ? 360 : 0
  return points.map((point, index) => ({ x: xs[index]! + shift, y: point.lat }))
}

function turn(a: PlanePoint, b: PlanePoint, c: PlanePoint): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
}

/** Whether c, on the line through a and b, lies on the segment between them. */
function withinSegment(a: PlanePoint, b: PlanePoint, c: PlanePoint): boolean {
  return (
    Math.min(a.x, b.x) <= c.x &&
    c.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= c.y &&
    c.y <= Math.max(a.y, b.y)
  )
}

/** Whether the segments a–b and c–d have any point in common, their ends included. */
function segmentsMeet(a: PlanePoint, b: PlanePoint, c: PlanePoint, d: PlanePoint): boolean {
  const [abc, abd, cda, cdb] = [turn(a, b, c), turn(a, b, d), turn(c, d, a), turn(c, d, b)]
  if (abc * abd < 0 && cda * cdb < 0) return true
  return (
    (abc === 0 && withinSegment(a, b, c)) ||
    (abd === 0 && withinSegment(a, b, d)) ||
    (cda === 0 && withinSegment(c, d, a)) ||
    (cdb === 0 && withinSegment(c, d, b))
  )
}

/**
 * Whether the outline touches or crosses itself: two edges that are not neighbours meet, two
 * neighbours fold back over each other, or a corner repeats (an edge of no length).
 */
function crossesItself(points: PlanePoint[]): boolean {
  const count = points.length
  const at = (index: number) => points[index % count]!
  for (let i = 0; i < count; i++) {
    const [a, b, c] = [at(i), at(i + 1), at(i + 2)]
    if (a.x === b.x && a.y === b.y) return true
    // Neighbours share b; they overlap when c lies back along b–a.
    if (turn(a, b, c) === 0 && (a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y) > 0) {
      return true
    }
    for (let j = i + 2; j < count; j++) {
      if (i === 0 && j === count - 1) continue
      if (segmentsMeet(a, b, at(j), at(j + 1))) return true
    }
  }
  return false
}

/**
 * The same shape written one way, so that one shape is one text (cursors, caches, saved
 * searches): without a closing point, anticlockwise, starting at its southmost corner (the
 * westmost of those). The polygon must have no problem (`polygonProblem`).
 */
export function canonicalPolygon(given: Polygon): Polygon {
  const points = withoutClosingPoint(given)
  const plane = planePoints(points)!
  // Twice the signed area: negative when the corners run clockwise.
  let area = 0
  plane.forEach((point, index) => {
    const next = plane[(index + 1) % plane.length]!
    area += point.x * next.y - next.x * point.y
  })
  const ordered = area < 0 ? [...points].reverse() : points
  let start = 0
  ordered.forEach((point, index) => {
    const best = ordered[start]!
    if (point.lat < best.lat || (point.lat === best.lat && point.lng < best.lng)) start = index
  })
  return [...ordered.slice(start), ...ordered.slice(0, start)].map(({ lat, lng }) => ({ lat, lng }))
}

/**
 * One edge, as the test of a point takes it: a point at latitude `lat` with `south < lat <= north`
 * lies west of the edge when its longitude is less than `slope * lat + intercept`.
 */
export interface PolygonEdge {
  south: number
  north: number
  slope: number
  intercept: number
}

/**
 * The numbers of the inside test, shared by the SQL (search/polygon-conditions.ts) and
 * `polygonContains`, so that the database and the code decide alike: the edges that are not level,
 * and whether the shape crosses the 180th meridian (then a point's negative longitude is read as
 * 360° more, on the same plane as the edges).
 */
export function polygonEdges(polygon: Polygon): { edges: PolygonEdge[]; acrossMeridian: boolean } {
  const plane = planePoints(withoutClosingPoint(polygon))!
  const edges: PolygonEdge[] = []
  plane.forEach((a, index) => {
    const b = plane[(index + 1) % plane.length]!
    if (a.y === b.y) return
    const slope = (b.x - a.x) / (b.y - a.y)
    edges.push({
      south: Math.min(a.y, b.y),
      north: Math.max(a.y, b.y),
      slope,
      intercept: a.x - slope * a.y,
    })
  })
  return { edges, acrossMeridian: plane.some((point) => point.x > 180) }
}

/**
 * Whether the point lies inside the polygon (the crossing number: a line due west from the point
 * crosses its edges an odd number of times), as the search's SQL decides it.
 */
export function polygonContains(polygon: Polygon, point: Geolocation): boolean {
  const { edges, acrossMeridian } = polygonEdges(polygon)
  const x = acrossMeridian && point.lng < 0 ? point.lng + 360 : point.lng
  let crossings = 0
  for (const edge of edges) {
    if (
      point.lat > edge.south &&
      point.lat <= edge.north &&
      x < edge.slope * point.lat + edge.intercept
    ) {
      crossings++
    }
  }
  return crossings % 2 === 1
}

/** The polygon's box; its west lies east of its east when it spans the 180th meridian. */
export function polygonBox(polygon: Polygon): Bbox {
  const plane = planePoints(withoutClosingPoint(polygon))!
  const xs = plane.map((point) => point.x)
  const ys = plane.map((point) => point.y)
  const east = Math.max(...xs)
  return {
    west: Math.min(...xs),
    south: Math.min(...ys),
    east: east > 180 ? east - 360 : east,
    north: Math.max(...ys),
  }
}

/** Six decimals of a degree: about 10 cm, finer than any hand on a map. */
const simplifiedDecimals = 6

/**
 * A traced outline (a pointer's path, any number of points) as at most `maxPoints` corners: the
 * Ramer–Douglas–Peucker simplification with a tolerance that doubles until few enough remain,
 * rounded to six decimals, longitudes into [-180, 180]. Check the result with `polygonProblem`:
 * a simplified outline may cross itself, and a short one may have too few corners.
 */
export function simplifyPolygon(
  path: Polygon,
  maxPoints: number = polygonLimits.maxPoints,
): Polygon {
  const points = withoutRepeats(path)
  if (points.length === 0) return []
  // On a plane of unwrapped longitudes, shrunk by the latitude's cosine so that a degree east
  // weighs what it does on the ground.
  const scale = Math.cos((points[0]!.lat * Math.PI) / 180) || 1
  const longitudes = [points[0]!.lng]
  for (let index = 1; index < points.length; index++) {
    longitudes.push(nearLongitude(points[index]!.lng, longitudes[index - 1]!))
  }
  const plane = points.map((point, index) => ({ x: longitudes[index]! * scale, y: point.lat }))
  let kept = plane.map((_, index) => index)
  const width = Math.max(...plane.map((p) => p.x)) - Math.min(...plane.map((p) => p.x))
  const height = Math.max(...plane.map((p) => p.y)) - Math.min(...plane.map((p) => p.y))
  let tolerance = Math.max(width, height) / 10_000
  while (kept.length > maxPoints && tolerance > 0) {
    kept = simplifyRing(plane, tolerance)
    tolerance *= 2
  }
  const factor = 10 ** simplifiedDecimals
  const round = (value: number) => Math.round(value * factor) / factor
  return withoutRepeats(
    kept.map((index) => ({
      lat: round(points[index]!.lat),
      lng: round(((((points[index]!.lng + 180) % 360) + 360) % 360) - 180),
    })),
  )
}

/** The points without a point that repeats the one before it (the last compared with the first). */
function withoutRepeats(points: Polygon): Polygon {
  const kept = points.filter((point, index) => {
    const before = points[index - 1]
    return !before || before.lat !== point.lat || before.lng !== point.lng
  })
  return kept.length > 1 ? withoutClosingPoint(kept) : kept
}

/** The indexes a closed ring keeps: split at the point furthest from the first, each half simplified. */
function simplifyRing(plane: PlanePoint[], tolerance: number): number[] {
  const first = plane[0]!
  let far = 0
  plane.forEach((point, index) => {
    const best = plane[far]!
    if (
      Math.hypot(point.x - first.x, point.y - first.y) >
      Math.hypot(best.x - first.x, best.y - first.y)
    ) {
      far = index
    }
  })
  if (far === 0) return [0]
  const ring = [...plane, first]
  const kept = [
    ...simplifyLine(ring, 0, far, tolerance),
    ...simplifyLine(ring, far, plane.length, tolerance),
  ]
  return kept.filter((index) => index < plane.length)
}

/** The Ramer–Douglas–Peucker indexes from `start` up to, not including, `end`. */
function simplifyLine(
  points: PlanePoint[],
  start: number,
  end: number,
  tolerance: number,
): number[] {
  const [a, b] = [points[start]!, points[end]!]
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  let furthest = -1
  let distance = tolerance
  for (let index = start + 1; index < end; index++) {
    const p = points[index]!
    const away =
      length === 0
        ? Math.hypot(p.x - a.x, p.y - a.y)
        : Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / length
    if (away > distance) [furthest, distance] = [index, away]
  }
  if (furthest === -1) return [start]
  return [
    ...simplifyLine(points, start, furthest, tolerance),
    ...simplifyLine(points, furthest, end, tolerance),
  ]
}
