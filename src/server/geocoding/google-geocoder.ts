// Google's Geocoding API, read as the spec says: status, results[0].geometry.location, formatted_address.
import { z } from 'zod'
import { fetchJson } from './fetch-json.js'
import { GeocoderUnavailableError } from './geocoder-unavailable-error.js'
import type { Geocoder } from './geocoder.js'

export interface GoogleOptions {
  /** GOOGLE_GEOCODING_URL: https://maps.googleapis.com/maps/api/geocode/json, or a test server. */
  url: string
  apiKey: string
  timeoutMs?: number
}

const responseSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z.array(z.unknown()).optional(),
})

const resultSchema = z.object({
  formatted_address: z.string().optional(),
  geometry: z.object({
    location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  }),
})

const service = 'Google geocoding'

export function createGoogleGeocoder({ url, apiKey, timeoutMs = 5000 }: GoogleOptions): Geocoder {
  return {
    async geocode(address) {
      const request = new URL(url)
      request.searchParams.set('address', address)
      request.searchParams.set('key', apiKey)
      const parsed = responseSchema.safeParse(await fetchJson(request, { service, timeoutMs }))
      if (!parsed.success)
        throw new GeocoderUnavailableError(`${service} returned an unknown shape`)

      const { status, error_message: message, results = [] } = parsed.data
      if (status === 'ZERO_RESULTS') return null
      if (status !== 'OK') {
        // OVER_QUERY_LIMIT, REQUEST_DENIED (a bad key), INVALID_REQUEST, UNKNOWN_ERROR.
        const detail = message ? `: ${message.replaceAll(apiKey, '…')}` : ''
        throw new GeocoderUnavailableError(`${service} returned ${status}${detail}`)
      }
      if (results.length === 0) return null
      const first = resultSchema.safeParse(results[0])
      if (!first.success)
        throw new GeocoderUnavailableError(`${service} returned a result without a location`)
      const { location } = first.data.geometry
      return {
        lat: location.lat,
        lng: location.lng,
        formattedAddress: first.data.formatted_address ?? address,
      }
    },
  }
}
