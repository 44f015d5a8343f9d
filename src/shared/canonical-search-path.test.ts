import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { randomFilter } from '../../tests/support/random-listings'
import { canonicalSearchPath } from './canonical-search-path'
import { listingSorts } from './listing-requests'
import { searchPath } from './search-state'

const canonical = (query: string) => canonicalSearchPath(new URLSearchParams(query))

/** A parameter the search page reads, with a value it may or may not take. */
const parameter = fc.oneof(
  fc.tuple(fc.constantFrom('type'), fc.constantFrom('rent', 'sale', 'house')),
  fc.tuple(
    fc.constantFrom('offer', 'parking', 'furnished'),
    fc.constantFrom('true', 'false', 'yes'),
  ),
  fc.tuple(fc.constantFrom('q'), fc.string({ maxLength: 8 })),
  fc.tuple(
    fc.constantFrom('minPrice', 'maxPrice', 'minBedrooms', 'minBathrooms'),
    fc.oneof(fc.nat({ max: 100_000 }).map(String), fc.constantFrom('007', '-1', '1.5', '')),
  ),
  fc.tuple(
    fc.constantFrom('bbox'),
    fc
      .tuple(
        fc.constantFrom('-180', '2.25', '0.0000001', '-0', '1.10', '179.123456789012'),
        fc.constantFrom('-90', '48.8', '0.0000005', '-0.000000000001'),
        fc.constantFrom('180', '2.4', '0.000001', '7'),
        fc.constantFrom('90', '48.9', '0.5'),
      )
      .map((corners) => corners.join(',')),
  ),
  fc.tuple(fc.constantFrom('sort'), fc.constantFrom('newest', 'price-asc', 'price-desc', 'x')),
  fc.tuple(fc.constantFrom('view', 'utm_source', 'cursor', 'userRef'), fc.string({ maxLength: 4 })),
)

const query = (parameters: [string, string][]) => new URLSearchParams(parameters).toString()

describe('canonicalSearchPath', () => {
  it('writes the parameters in one order and leaves the defaults out', () => {
    expect(canonical('minBedrooms=2&sort=newest&type=rent&view=list')).toBe(
      '/search?type=rent&minBedrooms=2',
    )
    expect(canonical('sort=price-asc&q=+loft+&minPrice=007')).toBe(
      '/search?q=loft&minPrice=7&sort=price-asc',
    )
  })

  it('is /search for a query of junk', () => {
    expect(canonical('utm_source=mail&type=house&view=map&minBedrooms=0&sort=cheap')).toBe(
      '/search',
    )
  })

  it('is the same for the same parameters in any order', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(parameter, { selector: ([name]) => name, maxLength: 8 })
          .chain((parameters) =>
            fc.tuple(
              fc.constant(parameters),
              fc.shuffledSubarray(parameters, {
                minLength: parameters.length,
              }),
            ),
          ),
        ([parameters, shuffled]) => {
          expect(canonical(query(shuffled))).toBe(canonical(query(parameters)))
        },
      ),
    )
  })

  it('is its own canonical form', () => {
    fc.assert(
      fc.property(fc.array(parameter, { maxLength: 8 }), (parameters) => {
        const once = canonical(query(parameters))
        expect(canonical(new URL(once, 'https://homes.example').search)).toBe(once)
      }),
    )
  })

  it('is the address the search page writes for a search in its list view', () => {
    fc.assert(
      fc.property(randomFilter(['u1']), fc.constantFrom(...listingSorts), (filter, sort) => {
        const written = searchPath({ filter: { ...filter, userRef: undefined }, sort })
        expect(canonical(new URL(written, 'https://homes.example').search)).toBe(written)
      }),
    )
  })
})
