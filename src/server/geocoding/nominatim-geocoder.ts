// OpenStreetMap's Nominatim (or a self-hosted one), under its usage policy: an identifying
// User-Agent, and few requests (the cache in front of it serves repeats).
import { z } from 'zod'
import { fetchJson } from './fetch-json.js'
import { GeocoderUnavailableError } from './geocoder-unavailable-error.js'
import type { Geocoder } from './geocoder.js'

export interface NominatimOptions {
  /** NOMINATIM_URL, without /search. */
  url: string
  /** Identifies the application, as the policy asks: 'House Marketplace (https://…)'. */
  userAgent: string
  timeoutMs?: number
}

const coordinate = (limit: number) =>
  z.string().trim().min(1).transform(Number).pipe(z.number().min(-limit).max(limit))

const responseSchema = z.array(
  z.object({ lat: coordinate(90), lon: coordinate(180), display_name: z.string().optional() }),
)

const service = 'Nominatim'

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const { url, userAgent, timeoutMs = 5000 } = options
  return {
    async geocode(address) {
      const request = new URL(`${url.replace(/\/+$/, '')}/search`)
      request.searchParams.set('format', 'jsonv2')
      request.searchParams.set('limit', '1')
      request.searchParams.set('q', address)
      const body = await fetchJson(request, {
        service,
        timeoutMs,
        headers: { 'User-Agent': userAgent, 'Accept-Language': 'en' },
      })
      const parsed = responseSchema.safeParse(body)
      if (!parsed.success)
        throw new GeocoderUnavailableError(`${service} returned an unknown shape`)
      const [first] = parsed.data
      if (!first) return null
      return { lat: first.lat, lng: first.lon, formattedAddress: first.display_name ?? address }
    },
  }
}
