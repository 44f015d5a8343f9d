import { describe, expect, it } from 'vitest'
import { cacheKey, withCache } from './geocode-cache'
import type { GeocodeResult, Geocoder } from './geocoder'
import { GeocoderUnavailableError } from './geocoder-unavailable-error'

const paris: GeocodeResult = { lat: 48.85, lng: 2.35, formattedAddress: 'Paris, France' }

/** A provider that resolves from a table and counts what it was asked. */
function provider(results: Record<string, GeocodeResult | null | Error>) {
  const asked: string[] = []
  const geocoder: Geocoder = {
    async geocode(address) {
      asked.push(address)
      const result = results[address.toLowerCase()]
      if (result instanceof Error) throw result
      return result ?? null
    },
  }
  return { geocoder, asked }
}

function clock() {
  let time = 1_000_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('geocode cache', () => {
  it('asks the provider once for the same address, whatever its case and spacing', async () => {
    const { geocoder, asked } = provider({ paris: paris })
    const cached = withCache(geocoder)
    expect(await cached.geocode('Paris')).toEqual(paris)
    expect(await cached.geocode('  PARIS ')).toEqual(paris)
    expect(asked).toEqual(['Paris'])
  })

  it('remembers "not found" too, for less time than a place', async () => {
    const time = clock()
    const { geocoder, asked } = provider({ paris: paris })
    const cached = withCache(geocoder, { foundTtlMs: 1000, notFoundTtlMs: 100, now: time.now })
    expect(await cached.geocode('Nowhere')).toBeNull()
    await cached.geocode('Paris')
    time.advance(99)
    expect(await cached.geocode('Nowhere')).toBeNull()
    expect(asked).toEqual(['Nowhere', 'Paris'])

    time.advance(1)
    expect(await cached.geocode('Nowhere')).toBeNull()
    await cached.geocode('Paris')
    expect(asked).toEqual(['Nowhere', 'Paris', 'Nowhere'])

    time.advance(900)
    await cached.geocode('Paris')
    expect(asked).toEqual(['Nowhere', 'Paris', 'Nowhere', 'Paris'])
  })

  it('does not remember errors: the next request asks again', async () => {
    const { geocoder, asked } = provider({ paris: new GeocoderUnavailableError('quota') })
    const cached = withCache(geocoder)
    await expect(cached.geocode('Paris')).rejects.toThrow(GeocoderUnavailableError)
    await expect(cached.geocode('Paris')).rejects.toThrow('quota')
    expect(asked).toEqual(['Paris', 'Paris'])
  })

  it('forgets the least recently used address beyond its size', async () => {
    const { geocoder, asked } = provider({ a: paris, b: paris, c: paris })
    const cached = withCache(geocoder, { maxEntries: 2 })
    await cached.geocode('a')
    await cached.geocode('b')
    await cached.geocode('a') // a is now the most recent
    await cached.geocode('c') // b goes
    await cached.geocode('a')
    await cached.geocode('c')
    expect(asked).toEqual(['a', 'b', 'c'])
    await cached.geocode('b')
    expect(asked).toEqual(['a', 'b', 'c', 'b'])
  })

  it('makes one request for the same address asked twice at once', async () => {
    let release: (value: GeocodeResult) => void = () => {}
    let calls = 0
    const cached = withCache({
      geocode: () => {
        calls += 1
        return new Promise<GeocodeResult>((resolve) => (release = resolve))
      },
    })
    const first = cached.geocode('Paris')
    const second = cached.geocode('paris')
    release(paris)
    expect(await Promise.all([first, second])).toEqual([paris, paris])
    expect(calls).toBe(1)
  })

  it('hands each caller its own copy', async () => {
    const { geocoder } = provider({ paris: paris })
    const cached = withCache(geocoder)
    const first = await cached.geocode('Paris')
    first!.formattedAddress = 'changed'
    expect(await cached.geocode('Paris')).toEqual(paris)
  })

  it('keys an address by its text, whatever its case, spacing and line breaks, but not its accents', () => {
    expect(cacheKey(' 12 Rue de Rivoli,\n  Paris ')).toBe('12 rue de rivoli, paris')
    expect(cacheKey('Zürich')).not.toBe(cacheKey('Zurich'))
  })
})
