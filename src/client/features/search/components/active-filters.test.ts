import { describe, expect, it } from 'vitest'
import { activeFilters, panelFilterKeys } from './active-filters'

describe('activeFilters', () => {
  it('names each filter, in the order of the panel, with the search that is left without it', () => {
    const filter = {
      q: 'loft',
      type: 'rent' as const,
      minPrice: 1500,
      maxPrice: 2500,
      minBedrooms: 2,
      minBathrooms: 1,
      parking: true,
      furnished: false,
      offer: true,
      bbox: { west: 2.2, south: 48.8, east: 2.4, north: 48.9 },
    }
    const active = activeFilters(filter)
    expect(active.map(({ label }) => label)).toEqual([
      '“loft”',
      'For rent',
      '$1,500 – $2,500',
      '2+ bedrooms',
      '1+ bathrooms',
      'Parking',
      'Unfurnished',
      'Offers only',
      'Map area',
    ])
    expect(active.find(({ key }) => key === 'price')?.without).toEqual({
      ...filter,
      minPrice: undefined,
      maxPrice: undefined,
    })
    expect(active.find(({ key }) => key === 'area')?.without).not.toHaveProperty('bbox')
  })

  it('names the facts filters, each removed alone, both ends of the area together', () => {
    const filter = {
      minArea: 50,
      maxArea: 120,
      availableBy: '2027-03-01',
      homeType: ['house' as const, 'apartment' as const, 'studio' as const],
      offer: true,
      petsAllowed: true as const,
    }
    const active = activeFilters(filter)
    expect(active.map(({ label }) => label)).toEqual([
      '50 – 120 m²',
      'Available by 1 Mar 2027',
      'House, apartment or studio',
      'Offers only',
      'Pets allowed',
    ])
    expect(active.find(({ key }) => key === 'floorArea')?.without).toEqual({
      availableBy: '2027-03-01',
      homeType: ['house', 'apartment', 'studio'],
      offer: true,
      petsAllowed: true,
    })
    expect(active.find(({ key }) => key === 'homeType')?.without).not.toHaveProperty('homeType')
    expect(activeFilters({ homeType: ['room'], minArea: 1000 }).map((f) => f.label)).toEqual([
      'From 1,000 m²',
      'Room',
    ])
    expect(activeFilters({ homeType: ['house', 'land'] })[0]?.label).toBe('House or land')
  })

  it('says a price range with one end as From or Up to', () => {
    expect(activeFilters({ minPrice: 300_000 })[0]?.label).toBe('From $300,000')
    expect(activeFilters({ maxPrice: 0 })[0]?.label).toBe('Up to $0')
  })

  it('names the opposite of each yes-or-no filter too', () => {
    expect(
      activeFilters({ type: 'sale', parking: false, offer: false }).map((f) => f.label),
    ).toEqual(['For sale', 'No parking', 'No offers'])
  })

  it("names the place by its name, as 'Place' until that is known, and removes it alone", () => {
    const filter = { place: 2643743, type: 'rent' as const }
    expect(activeFilters(filter, 'London, England').map(({ label }) => label)).toEqual([
      'London, England',
      'For rent',
    ])
    const [place] = activeFilters(filter)
    expect(place).toEqual({ key: 'place', label: 'Place', without: { type: 'rent' } })
    expect(panelFilterKeys).not.toContain('place')
  })

  it('is empty for no filter', () => {
    expect(activeFilters({})).toEqual([])
  })

  it('counts the filters of the panel apart from the text and the map area', () => {
    const active = activeFilters({
      q: 'x',
      bbox: { west: 0, south: 0, east: 1, north: 1 },
      minBedrooms: 3,
    })
    expect(active.filter(({ key }) => panelFilterKeys.includes(key))).toHaveLength(1)
  })
})
