// The owner's pin: a point on the map, and how far it may lie from where its address geocodes to.
import { z } from 'zod'
import type { Geolocation } from './listing.js'

/** A pin further than this from its address is refused: it belongs to another address. */
export const maxPinDistanceKm = 25

export const pinTooFarMessage = `Place the pin within ${maxPinDistanceKm} km of the address`

const isGeolocation = (value: unknown): value is Geolocation => {
  if (typeof value !== 'object' || value === null) return false
  const { lat, lng } = value as Record<string, unknown>
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  )
}

/** `{ lat, lng }` in degrees; one message for the whole point, named `geolocation` in a 400. */
export const geolocationSchema = z
  .custom<Geolocation>(isGeolocation, 'The pin must be a point { lat, lng } on the map')
  .transform(({ lat, lng }) => ({ lat, lng }))

const earthRadiusKm = 6371

/** The great-circle distance between two points (the haversine formula). */
export function kmBetween(a: Geolocation, b: Geolocation): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)))
}

export const pinIsNearAddress = (pin: Geolocation, address: Geolocation) =>
  kmBetween(pin, address) <= maxPinDistanceKm
