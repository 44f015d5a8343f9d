// GET /api/geocode?address= (signed in): { lat, lng, formattedAddress } or 422.
import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../auth/auth.js'
import { requireUser } from '../auth/session.js'
import { validate } from '../http/validate.js'
import type { ErrorBody } from '../../shared/error-body.js'
import {
  GeocoderUnavailableError,
  geocoderUnavailableMessage,
  unresolvableAddressMessage,
  type Geocoder,
} from './geocoder.js'

const query = z.object({
  address: z.string({ error: 'Enter an address' }).trim().min(1, 'Enter an address'),
})

export function geocodeRoutes(geocoder: Geocoder, auth: Auth) {
  return new Hono().get(
    '/',
    requireUser(auth),
    validate('query', query, 'Enter an address'),
    async (c) => {
      const { address } = c.req.valid('query')
      let place
      try {
        place = await geocoder.geocode(address)
      } catch (error) {
        if (!(error instanceof GeocoderUnavailableError)) throw error
        console.warn(`GET /api/geocode: ${error.message}`)
        return c.json({ error: geocoderUnavailableMessage } satisfies ErrorBody, 503)
      }
      if (!place) return c.json({ error: unresolvableAddressMessage } satisfies ErrorBody, 422)
      return c.json({ lat: place.lat, lng: place.lng, formattedAddress: place.formattedAddress })
    },
  )
}
