// Remembers results, so that the same address is not asked twice: Google bills per request and
// Nominatim allows one a second. Errors are not remembered, the next request asks again.
import type { GeocodeResult, Geocoder } from './geocoder.js'

export interface CacheOptions {
  /** How many addresses to remember; the least recently used goes first. */
  maxEntries?: number
  /** How long a found place is remembered. */
  foundTtlMs?: number
  /** How long "no such address" is remembered: shorter, as people fix typos in the map data too. */
  notFoundTtlMs?: number
  now?: () => number
}

interface Entry {
  result: GeocodeResult | null
  expires: number
}

/** The key under which an address is remembered: case and spacing do not change the place. */
export function cacheKey(address: string): string {
  return address.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

export function withCache(geocoder: Geocoder, options: CacheOptions = {}): Geocoder {
  const {
    maxEntries = 1000,
    foundTtlMs = 24 * 60 * 60 * 1000,
    notFoundTtlMs = 15 * 60 * 1000,
    now = Date.now,
  } = options
  // A Map iterates in insertion order: re-inserting on use keeps the least recent first.
  const entries = new Map<string, Entry>()
  // Requests under way, so that two people typing the same address make one request.
  const pending = new Map<string, Promise<GeocodeResult | null>>()

  const remember = (key: string, result: GeocodeResult | null) => {
    entries.delete(key)
    entries.set(key, { result, expires: now() + (result ? foundTtlMs : notFoundTtlMs) })
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(oldest)
    }
  }

  return {
    async geocode(address) {
      const key = cacheKey(address)
      const entry = entries.get(key)
      if (entry && entry.expires > now()) {
        entries.delete(key)
        entries.set(key, entry)
        return copy(entry.result)
      }
      entries.delete(key)

      let request = pending.get(key)
      if (!request) {
        request = geocoder.geocode(address).then(
          (result) => {
            pending.delete(key)
            remember(key, result)
            return result
          },
          (error: unknown) => {
            pending.delete(key)
            throw error
          },
        )
        pending.set(key, request)
      }
      return copy(await request)
    },
  }
}

// Each caller gets its own object: one changing it must not change what the next one reads.
function copy(result: GeocodeResult | null): GeocodeResult | null {
  return result && { ...result }
}
