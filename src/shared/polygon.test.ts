import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inPolygon } from '../../tests/support/search-oracle'
import { filterParameters } from './listing-requests'
import {
  canonicalPolygon,
  polygonBox,
  polygonContains,
  polygonMessages,
  polygonProblem,
  readPolygon,
  simplifyPolygon,
  type Polygon,
} from './polygon'

const text = (polygon: Polygon) => polygon.map(({ lat, lng }) => `${lat},${lng}`).join(';')

/** A C open to the east: a square of 0..3 with the notch lat 1..2, lng 1..3 cut out. */
const letterC: Polygon = [
  { lat: 0, lng: 0 },
  { lat: 0, lng: 3 },
  { lat: 1, lng: 3 },
  { lat: 1, lng: 1 },
  { lat: 2, lng: 1 },
  { lat: 2, lng: 3 },
  { lat: 3, lng: 3 },
  { lat: 3, lng: 0 },
]

/**
 * A shape with no crossing: corners at rising angles round a centre, each at its own distance.
 * Centres near the 180th meridian give shapes across it.
 */
const starShape = fc
  .record({
    lat: fc.integer({ min: -80, max: 80 }),
    lng: fc.oneof(fc.integer({ min: -179, max: 179 }), fc.constantFrom(179.5, -179.5, 180)),
    corners: fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 50 }),
    reach: fc.array(fc.integer({ min: 10, max: 100 }), { minLength: 50, maxLength: 50 }),
  })
  .map(({ lat, lng, corners, reach }) =>
    [...corners]
      .sort((a, b) => a - b)
      .map((angle, index) => {
        const radians = (angle * Math.PI) / 180
        const east = lng + (reach[index]! / 100) * Math.cos(radians) + 0.0001
        return {
          lat: Number((lat + (reach[index]! / 100) * Math.sin(radians)).toFixed(6)),
          lng: Number((east > 180 ? east - 360 : east).toFixed(6)),
        }
      }),
  )
  .filter((polygon) => polygonProblem(polygon) === undefined)

describe('readPolygon', () => {
  it('reads 3 to 50 lat,lng points, a repeated closing point not counted', () => {
    const fifty = Array.from({ length: 50 }, (_, n) => {
      const angle = (n / 50) * 2 * Math.PI
      return { lat: Number(Math.sin(angle).toFixed(6)), lng: Number(Math.cos(angle).toFixed(6)) }
    })
    expect(readPolygon(text([...fifty, fifty[0]!]))).toHaveProperty('polygon')
    expect(readPolygon(text(letterC.slice(0, 3)))).toHaveProperty('polygon')
    expect(readPolygon(text([...fifty, { lat: 0.5, lng: 0.5 }]))).toEqual({
      problem: polygonMessages.points,
    })
  })

  it.each([
    ['2 points', '1,1;2,2', polygonMessages.points],
    ['a point not a pair', '1,1;2,2;3', polygonMessages.points],
    ['words', '1,1;2,2;north,3', polygonMessages.points],
    ['nothing', '', polygonMessages.points],
    ['a latitude past the pole', '91,0;0,1;0,0', polygonMessages.range],
    ['a longitude past 180', '0,181;1,1;0,0', polygonMessages.range],
    ['a bow tie', '0,0;1,1;0,1;1,0', polygonMessages.crossing],
    ['a corner twice', '0,0;1,0;1,1;0,0;0,-1', polygonMessages.crossing],
    ['points on a line', '0,0;1,1;2,2', polygonMessages.crossing],
    ['more than 180° of longitude', '0,-100;1,0;0,100', polygonMessages.span],
    ['a ring round the pole', '80,0;80,90;80,180;80,-90', polygonMessages.span],
  ])('rejects %s', (_, given, problem) => {
    expect(readPolygon(given)).toEqual({ problem })
  })
})

describe('canonicalPolygon', () => {
  it('writes one text for a shape whatever its first corner, direction or closing point', () => {
    fc.assert(
      fc.property(starShape, fc.nat(), fc.boolean(), (polygon, start, backwards) => {
        const turned = [
          ...polygon.slice(start % polygon.length),
          ...polygon.slice(0, start % polygon.length),
        ]
        const given = backwards ? turned.reverse() : turned
        const written = filterParameters({ polygon: canonicalPolygon([...given, given[0]!]) })
        expect(written).toEqual(filterParameters({ polygon: canonicalPolygon(polygon) }))
        const read = readPolygon(written[0]![1])
        expect(read).toEqual({ polygon: canonicalPolygon(polygon) })
      }),
    )
  })
})

describe('filterParameters', () => {
  it('writes a polygon with a problem as given, so that the server can name it', () => {
    const wide = [
      { lat: 0, lng: -100 },
      { lat: 1, lng: 0 },
      { lat: 0, lng: 100 },
    ]
    expect(filterParameters({ polygon: wide })).toEqual([['polygon', '0,-100;1,0;0,100']])
    expect(filterParameters({ polygon: [] })).toEqual([['polygon', '']])
  })
})

describe('polygonContains', () => {
  it('leaves out the notch of a C and keeps its arms', () => {
    expect(polygonContains(letterC, { lat: 1.5, lng: 2 })).toBe(false)
    expect(polygonContains(letterC, { lat: 0.5, lng: 2 })).toBe(true)
    expect(polygonContains(letterC, { lat: 1.5, lng: 0.5 })).toBe(true)
    expect(polygonContains(letterC, { lat: 4, lng: 0.5 })).toBe(false)
  })

  it('holds points on both sides of the 180th meridian in a shape across it', () => {
    const fiji: Polygon = [
      { lat: -18, lng: 178 },
      { lat: -16, lng: 178 },
      { lat: -16, lng: -179 },
      { lat: -18, lng: -179 },
    ]
    expect(polygonBox(fiji)).toEqual({ west: 178, south: -18, east: -179, north: -16 })
    expect(polygonContains(fiji, { lat: -17, lng: 179.5 })).toBe(true)
    expect(polygonContains(fiji, { lat: -17, lng: -179.5 })).toBe(true)
    expect(polygonContains(fiji, { lat: -17, lng: 0 })).toBe(false)
    expect(polygonContains(fiji, { lat: -17, lng: -178 })).toBe(false)
  })

  it('agrees with the search oracle on random shapes and points', () => {
    const point = fc.record({
      lat: fc.integer({ min: -900_000, max: 900_000 }).map((n) => n / 10_000 + 0.0000123),
      lng: fc.integer({ min: -1_800_000, max: 1_799_999 }).map((n) => n / 10_000 + 0.0000071),
    })
    fc.assert(
      fc.property(starShape, fc.array(point, { maxLength: 20 }), (polygon, points) => {
        // Points near the shape, and anywhere.
        const near = points.map(({ lat, lng }) => ({
          lat: Math.max(-90, Math.min(90, polygon[0]!.lat + (lat % 1.2))),
          lng: ((polygon[0]!.lng + (lng % 1.2) + 540) % 360) - 180,
        }))
        for (const each of [...points, ...near]) {
          expect(polygonContains(polygon, each)).toBe(inPolygon(each, canonicalPolygon(polygon)))
        }
      }),
    )
  })
})

describe('simplifyPolygon', () => {
  const circle = (count: number, lng = 2.35) =>
    Array.from({ length: count }, (_, n) => {
      const angle = (n / count) * 2 * Math.PI
      return { lat: 48.86 + 0.05 * Math.sin(angle), lng: lng + 0.08 * Math.cos(angle) }
    })

  it('brings a traced outline down to at most 50 corners with no problem', () => {
    const simplified = simplifyPolygon(circle(2000))
    expect(simplified.length).toBeGreaterThanOrEqual(3)
    expect(simplified.length).toBeLessThanOrEqual(50)
    expect(polygonProblem(simplified)).toBeUndefined()
  })

  it('keeps a short outline as it is, and writes longitudes into [-180, 180]', () => {
    const traced = circle(40, 179.98).map(({ lat, lng }) => ({ lat, lng }))
    const simplified = simplifyPolygon(traced)
    expect(simplified).toHaveLength(40)
    expect(simplified.every(({ lng }) => lng >= -180 && lng <= 180)).toBe(true)
    expect(polygonProblem(simplified)).toBeUndefined()
  })

  it('reports an outline that crosses itself, and one too short to be an area', () => {
    const figureEight = Array.from({ length: 400 }, (_, n) => {
      const angle = (n / 400) * 2 * Math.PI
      return { lat: 0.1 * Math.sin(2 * angle), lng: 0.2 * Math.sin(angle) }
    })
    expect(polygonProblem(simplifyPolygon(figureEight))).toBe(polygonMessages.crossing)
    expect(
      polygonProblem(
        simplifyPolygon([
          { lat: 1, lng: 1 },
          { lat: 1, lng: 1 },
        ]),
      ),
    ).toBe(polygonMessages.points)
  })

  it('never gives more corners than asked, for any outline', () => {
    const outline = fc.array(
      fc.record({
        lat: fc.double({ min: -60, max: 60, noNaN: true }),
        lng: fc.double({ min: -170, max: 170, noNaN: true }),
      }),
      { maxLength: 300 },
    )
    fc.assert(
      fc.property(outline, fc.integer({ min: 3, max: 50 }), (path, most) => {
        expect(simplifyPolygon(path, most).length).toBeLessThanOrEqual(Math.max(most, 0))
      }),
    )
  })
})
