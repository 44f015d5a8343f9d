import { describe, expect, it } from 'vitest'
import { listingFilterSchema } from './listing-query-schema'
import { filterParameters, type ListingFilter } from './listing-requests'
import { readSearch } from './read-search'

const parse = (query: string) =>
  listingFilterSchema.safeParse(Object.fromEntries(new URLSearchParams(query)))

/** The names of the parameters a query is refused for. */
const refused = (query: string) => {
  const result = parse(query)
  return result.success ? [] : result.error.issues.map((issue) => issue.path[0])
}

describe('the facts filters: homeType, minArea, maxArea, availableBy, petsAllowed', () => {
  it('reads each of them', () => {
    expect(
      parse('homeType=studio,house&minArea=40&maxArea=120&availableBy=2026-12-01&petsAllowed=true')
        .data,
    ).toEqual({
      homeType: ['house', 'studio'],
      minArea: 40,
      maxArea: 120,
      availableBy: '2026-12-01',
      petsAllowed: true,
    })
  })

  it('takes a home type named twice once', () => {
    expect(parse('homeType=room,room').data).toEqual({ homeType: ['room'] })
  })

  it('takes an area range of one value', () => {
    expect(parse('minArea=5&maxArea=5').data).toEqual({ minArea: 5, maxArea: 5 })
    expect(parse('maxArea=100000').data).toEqual({ maxArea: 100_000 })
  })

  it.each([
    ['homeType=flat', 'homeType'],
    ['homeType=house,', 'homeType'],
    ['homeType=', 'homeType'],
    ['homeType=House', 'homeType'],
    ['minArea=4', 'minArea'],
    ['minArea=100001', 'minArea'],
    ['minArea=60.5', 'minArea'],
    ['maxArea=-10', 'maxArea'],
    ['maxArea=1e3', 'maxArea'],
    ['minArea=90&maxArea=80', 'minArea'],
    ['availableBy=2026-02-30', 'availableBy'],
    ['availableBy=2026-1-5', 'availableBy'],
    ['availableBy=tomorrow', 'availableBy'],
    ['petsAllowed=false', 'petsAllowed'],
    ['petsAllowed=yes', 'petsAllowed'],
  ])('refuses %s, naming %s', (query, name) => {
    expect(refused(query)).toEqual([name])
  })

  it('writes them in one order, the home types in theirs', () => {
    const filter: ListingFilter = {
      petsAllowed: true,
      availableBy: '2027-01-31',
      maxArea: 90,
      minArea: 30,
      homeType: ['studio', 'apartment'],
      furnished: true,
      place: 7,
    }
    expect(new URLSearchParams(filterParameters(filter)).toString()).toBe(
      'furnished=true&homeType=apartment%2Cstudio&minArea=30&maxArea=90' +
        '&availableBy=2027-01-31&petsAllowed=true&place=7',
    )
  })

  it('reads back what it writes', () => {
    const filter: ListingFilter = {
      homeType: ['house', 'townhouse', 'other'],
      minArea: 5,
      availableBy: '2026-11-26',
      petsAllowed: true,
    }
    const query = new URLSearchParams(filterParameters(filter))
    expect(readSearch(query).filter).toEqual(filter)
  })

  it('drops an upside-down area range from an address, keeping the rest', () => {
    expect(readSearch(new URLSearchParams('minArea=90&maxArea=80&homeType=land')).filter).toEqual({
      maxArea: 80,
      homeType: ['land'],
    })
  })
})
