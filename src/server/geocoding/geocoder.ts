// Turns an address into coordinates on the server (the spec's geocoding call); API keys never reach the browser.
import type { Config } from '../config.js'
import { withCache } from './geocode-cache.js'
import { createGoogleGeocoder } from './google-geocoder.js'
import { createNominatimGeocoder } from './nominatim-geocoder.js'
import { createOfflineGeocoder } from './offline-geocoder.js'
import { maxAddressLength, messages } from '../../shared/listing-schema.js'

export { GeocoderUnavailableError } from './geocoder-unavailable-error.js'

export interface GeocodeResult {
  lat: number
  lng: number
  formattedAddress: string
  /** the gazetteer city the address names, when the geocoder knows it (the offline one does) */
  placeId?: number
}

export interface Geocoder {
  /** The place an address names, or null when the provider cannot resolve it. */
  geocode(address: string): Promise<GeocodeResult | null>
}

/** Longer than any real address (the listing schema's limit): resolved to null without asking anyone. */
export { maxAddressLength }

/** The spec's error messages, for an address no provider can resolve (422). */
export const unresolvableAddressMessage = messages.address

/** For GeocoderUnavailableError (503): the provider could not be asked, the address may be fine. */
export const geocoderUnavailableMessage = 'The address service is unavailable, try again later'

/** The provider GEOCODER names, behind a cache; nothing is loaded or asked until the first address. */
export function createGeocoder(config: Config): Geocoder {
  const cached = withCache(provider(config))
  return {
    geocode(address) {
      const trimmed = address.trim()
      if (trimmed === '' || trimmed.length > maxAddressLength) return Promise.resolve(null)
      return cached.geocode(trimmed)
    },
  }
}

function provider(config: Config): Geocoder {
  switch (config.geocoder) {
    case 'offline':
      return createOfflineGeocoder()
    case 'google':
      if (!config.googleMapsApiKey) throw new Error('GEOCODER=google needs GOOGLE_MAPS_API_KEY')
      return createGoogleGeocoder({
        url: config.googleGeocodingUrl,
        apiKey: config.googleMapsApiKey,
      })
    case 'nominatim':
      return createNominatimGeocoder({
        url: config.nominatimUrl,
        userAgent: `House Marketplace (${config.publicUrl})`,
      })
  }
}
