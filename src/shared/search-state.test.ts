import { describe, expect, it } from 'vitest'
import { searchPath, searchQuery } from './search-state'

describe('searchQuery and searchPath', () => {
  it("write the filters in the API's order, and leave the defaults out", () => {
    expect(
      searchQuery({
        filter: { maxPrice: 900, type: 'rent', q: 'sunny loft' },
        sort: 'newest',
        view: 'list',
      }),
    ).toBe('type=rent&q=sunny+loft&maxPrice=900')
    expect(searchQuery({ filter: { offer: true }, sort: 'price-desc', view: 'map' })).toBe(
      'offer=true&sort=price-desc&view=map',
    )
  })

  it('open /search alone for no search, and with the query otherwise', () => {
    expect(searchPath()).toBe('/search')
    expect(searchPath({ filter: { q: undefined } })).toBe('/search')
    expect(searchPath({ filter: { type: 'sale' } })).toBe('/search?type=sale')
  })

  it("never put an owner's userRef in a search link", () => {
    expect(searchPath({ filter: { userRef: 'abc', type: 'rent' } })).toBe('/search?type=rent')
  })

  it('write a bbox as west,south,east,north', () => {
    expect(
      searchQuery({ filter: { bbox: { west: -0.5, south: 51.3, east: 0.3, north: 51.7 } } }),
    ).toBe('bbox=-0.5%2C51.3%2C0.3%2C51.7')
  })
})
