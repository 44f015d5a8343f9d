// The in-memory place index: the nearest city within 50 km against a scan of every city, and the
// prefixes of what a person types.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzParameters } from '../../../tests/support/fuzz/fuzz-run'
import { normalizePlace } from '../geocoding/place-names'
import { distanceKm, placeReachKm } from './place-grid'
import { placePrefix, sharedPlaceIndex } from './place-index'
import { placeBox } from './place-item'

describe('the place index', () => {
  const places = sharedPlaceIndex()
  const { gazetteer } = places

  /** The nearest city by reading every one of them. */
  function nearestByScan(lat: number, lng: number): number | undefined {
    let best: number | undefined
    let bestKm = placeReachKm
    for (let index = 0; index < gazetteer.size; index++) {
      const city = gazetteer.city(index)
      const km = distanceKm(lat, lng, city.lat, city.lng)
      if (km <= bestKm) {
        best = index
        bestKm = km
      }
    }
    return best
  }

  it('finds the city nearest a point within 50 km, as a scan of every city does', () => {
    // Points near cities (most listings), anywhere, near the poles and the 180th meridian.
    const nearCity = fc
      .tuple(
        fc.nat(gazetteer.size - 1),
        fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        fc.double({ min: -0.9, max: 0.9, noNaN: true }),
      )
      .map(([index, dLat, dLng]) => {
        const city = gazetteer.city(index)
        return {
          lat: Math.max(-90, Math.min(90, city.lat + dLat)),
          lng: ((city.lng + dLng + 540) % 360) - 180,
        }
      })
    const anywhere = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
    })
    const edges = fc.record({
      lat: fc.oneof(
        fc.double({ min: 60, max: 90, noNaN: true }),
        fc.double({ min: -90, max: -50, noNaN: true }),
      ),
      lng: fc.oneof(
        fc.double({ min: 179, max: 180, noNaN: true }),
        fc.double({ min: -180, max: -179, noNaN: true }),
      ),
    })
    fc.assert(
      fc.property(fc.oneof(nearCity, anywhere, edges), ({ lat, lng }) => {
        const found = places.grid.nearest(lat, lng)
        const scanned = nearestByScan(lat, lng)
        if (found === scanned) return
        // Two cities at the same distance: either is the nearest.
        expect(found).toBeDefined()
        expect(places.grid.distanceKm(lat, lng, found!)).toBeCloseTo(
          places.grid.distanceKm(lat, lng, scanned!),
          9,
        )
      }),
      fuzzParameters(300),
    )
  })

  it('reads a cut-short last word as a prefix, not an abbreviation', () => {
    expect(placePrefix('São')).toBe('sao')
    expect(placePrefix('  LON')).toBe('lon')
    expect(placePrefix('st')).toBe('st')
    expect(placePrefix('St. Lou')).toBe('saint lou')
    expect(placePrefix('st ')).toBe('saint')
    expect(placePrefix('!!')).toBe('')
  })

  it('gives the most populous cities of a prefix, most populous first', () => {
    const found = places.mostPopulous('lon', 8, new Set())
    expect(found).toHaveLength(8)
    for (const city of found) expect(normalizePlace(city.name).startsWith('lon')).toBe(true)
    const populations = found.map((city) => city.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
    let bigger = 0
    for (let index = 0; index < gazetteer.size; index++) {
      const city = gazetteer.city(index)
      if (normalizePlace(city.name).startsWith('lon') && city.population > populations.at(-1)!)
        bigger++
    }
    expect(bigger).toBeLessThanOrEqual(8)
  })

  it('boxes a place with west past east across the 180th meridian', () => {
    const [west, south, east, north] = placeBox(-16.8, 179.99, 10)
    expect(west).toBeGreaterThan(east)
    expect(south).toBeLessThan(-16.8)
    expect(north).toBeGreaterThan(-16.8)
  })
})
