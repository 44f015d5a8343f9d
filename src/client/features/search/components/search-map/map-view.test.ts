import { describe, expect, it } from 'vitest'
import { listingFilterSchema } from '../../../../../shared/listing-query-schema'
import {
  responseCorners,
  bboxCorners,
  bboxKey,
  filterKey,
  nearestCopy,
  queryZoom,
  viewBbox,
} from './map-view'

describe('viewBbox', () => {
  it('keeps a view inside the world as it is', () => {
    expect(viewBbox({ west: 2.25, south: 48.8, east: 2.42, north: 48.9 })).toEqual({
      west: 2.25,
      south: 48.8,
      east: 2.42,
      north: 48.9,
    })
  })

  it('rounds outwards to five decimals, which the API accepts', () => {
    const bbox = viewBbox({
      west: 2.123456789,
      south: -33.987654321,
      east: 2.987654321,
      north: -33.123456789,
    })
    expect(bbox).toEqual({ west: 2.12345, south: -33.98766, east: 2.98766, north: -33.12345 })
    const parsed = listingFilterSchema.safeParse({ bbox: bboxKey(bbox) })
    expect(parsed.success && parsed.data.bbox).toEqual(bbox)
  })

  it("takes in a pole once the view reaches the map's top or bottom edge", () => {
    expect(viewBbox({ west: -30, south: -85.0511287798, east: 30, north: 87.2 })).toEqual({
      west: -30,
      south: -90,
      east: 30,
      north: 90,
    })
    expect(viewBbox({ west: -30, south: -85.05, east: 30, north: 85.04 })).toEqual({
      west: -30,
      south: -85.05,
      east: 30,
      north: 85.04,
    })
  })

  it('brings a view panned around the world back within -180..180', () => {
    expect(viewBbox({ west: 362, south: 10, east: 365, north: 11 })).toEqual({
      west: 2,
      south: 10,
      east: 5,
      north: 11,
    })
    expect(viewBbox({ west: -367, south: 10, east: -363, north: 11 })).toEqual({
      west: -7,
      south: 10,
      east: -3,
      north: 11,
    })
  })

  it('gives a view across the 180th meridian a west east of its east', () => {
    expect(viewBbox({ west: 170, south: -20, east: 190, north: -10 })).toEqual({
      west: 170,
      south: -20,
      east: -170,
      north: -10,
    })
    expect(viewBbox({ west: -190, south: -20, east: -170, north: -10 })).toEqual({
      west: 170,
      south: -20,
      east: -170,
      north: -10,
    })
  })

  it('keeps 180 as the east edge of a view that ends there', () => {
    expect(viewBbox({ west: 100, south: 0, east: 180, north: 10 })).toEqual({
      west: 100,
      south: 0,
      east: 180,
      north: 10,
    })
    expect(viewBbox({ west: -180, south: 0, east: -100, north: 10 })).toEqual({
      west: -180,
      south: 0,
      east: -100,
      north: 10,
    })
  })

  it('searches the whole world when the view is wider than it', () => {
    expect(viewBbox({ west: -300, south: -86, east: 250, north: 86 })).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    })
    expect(viewBbox({ west: 20, south: 0, east: 380, north: 10 })).toEqual({
      west: -180,
      south: 0,
      east: 180,
      north: 10,
    })
  })
})

describe('nearestCopy', () => {
  it('moves a point by whole turns to the side of the world the map is looking at', () => {
    expect(nearestCopy(-175, 179)).toBe(185)
    expect(nearestCopy(175, -179)).toBe(-185)
    expect(nearestCopy(2.35, 362)).toBe(362.35)
  })

  it('leaves a point where it is when the map looks at the world as it is', () => {
    expect(nearestCopy(-175, 0)).toBe(-175)
    expect(nearestCopy(151.2, 100)).toBe(151.2)
  })
})

describe('queryZoom', () => {
  it('is a whole number from 0 to 20', () => {
    expect(queryZoom(12.4)).toBe(12)
    expect(queryZoom(-1)).toBe(0)
    expect(queryZoom(23)).toBe(20)
  })
})

describe('bboxCorners', () => {
  it("gives Leaflet a box's corners, south-west first", () => {
    expect(bboxCorners({ west: 2.2, south: 48.8, east: 2.5, north: 48.9 })).toEqual([
      [48.8, 2.2],
      [48.9, 2.5],
    ])
  })

  it('carries a box across the 180th meridian on past 180', () => {
    expect(bboxCorners({ west: 170, south: -20, east: -170, north: -10 })).toEqual([
      [-20, 170],
      [-10, 190],
    ])
  })
})

describe('responseCorners', () => {
  it('surrounds every pin and cluster', () => {
    expect(
      responseCorners({
        total: 7,
        items: [{ id: 'a', type: 'rent', name: 'Flat', price: 900, lat: 48.85, lng: 2.35 }],
        clusters: [
          { lat: 51.5, lng: -0.12, count: 4 },
          { lat: 40.4, lng: -3.7, count: 2 },
        ],
      }),
    ).toEqual([
      [40.4, -3.7],
      [51.5, 2.35],
    ])
  })

  it('is null for a response with nothing on it', () => {
    expect(responseCorners({ total: 0, items: [], clusters: [] })).toBeNull()
  })
})

describe('filterKey', () => {
  it('is the same for the same filters in any area, and another for other filters', () => {
    const paris = { west: 2.2, south: 48.8, east: 2.5, north: 48.95 }
    expect(filterKey({ q: 'paris', type: 'rent', bbox: paris })).toBe(
      filterKey({ type: 'rent', q: 'paris' }),
    )
    expect(filterKey({ q: 'paris', type: 'rent' })).toBe('type=rent&q=paris')
    expect(filterKey({ q: 'london', type: 'rent' })).not.toBe(
      filterKey({ q: 'paris', type: 'rent' }),
    )
  })
})
