import { describe, expect, it } from 'vitest'
import { searchSummary } from './search-summary'

describe('searchSummary', () => {
  it('names a search as its filters in the panel’s order, our words lowercased after the first', () => {
    expect(searchSummary({ type: 'rent', q: 'Paris', maxPrice: 2000, minBedrooms: 2 })).toBe(
      'Rent · Paris · up to $2,000 · 2+ bedrooms',
    )
    expect(
      searchSummary(
        {
          type: 'sale',
          minPrice: 150_000,
          maxPrice: 400_000,
          minBathrooms: 2,
          parking: true,
          furnished: false,
          offer: true,
          bbox: { west: 2.2, south: 48.8, east: 2.4, north: 48.9 },
        },
        'price-desc',
      ),
    ).toBe(
      'Sale · $150,000 – $400,000 · 2+ bathrooms · parking · unfurnished · offers only · map area · highes…',
    )
  })

  it('capitalises its first words and keeps the searched text as typed', () => {
    expect(searchSummary({ minPrice: 500 })).toBe('From $500')
    expect(searchSummary({ q: 'loft', parking: false })).toBe('loft · no parking')
    expect(searchSummary({ furnished: true, offer: false })).toBe('Furnished · no offers')
  })

  it('names the facts filters after the rooms, and pets after the other yes-or-no filters', () => {
    expect(
      searchSummary({
        type: 'rent',
        minBedrooms: 2,
        maxArea: 80,
        availableBy: '2026-12-01',
        homeType: ['apartment', 'studio'],
        petsAllowed: true,
      }),
    ).toBe(
      'Rent · 2+ bedrooms · up to 80 m² · available by 1 Dec 2026 · apartment or studio · pets allowed',
    )
  })

  it('names an area on the map once, a box or a polygon or both', () => {
    const polygon = [
      { lat: 48.8, lng: 2.2 },
      { lat: 48.8, lng: 2.4 },
      { lat: 48.9, lng: 2.3 },
    ]
    expect(searchSummary({ type: 'rent', polygon })).toBe('Rent · map area')
    expect(
      searchSummary({ polygon, bbox: { west: 2.2, south: 48.8, east: 2.4, north: 48.9 } }),
    ).toBe('Map area')
  })

  it('says All homes for a search without filters, whatever its sort', () => {
    expect(searchSummary({})).toBe('All homes')
    expect(searchSummary({}, 'price-asc')).toBe('All homes · lowest price first')
  })

  it('is plain text of at most 100 characters, cut on a whole character', () => {
    const long = searchSummary({ type: 'rent', q: `${'🏠'.repeat(60)}`, minBedrooms: 3 })
    expect(long.length).toBeLessThanOrEqual(100)
    expect(long).toMatch(/^Rent · (🏠)+…$/u)
    expect(searchSummary({ q: 'Paris\u202e\u0007flat' })).toBe('Paris flat')
  })
})
