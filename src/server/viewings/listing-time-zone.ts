// A listing's time zone from its coordinates, offline (tz-lookup's own map of the zones): its
// viewing times are entered and shown in it.
import tzLookup from 'tz-lookup'

export function listingTimeZone(point: { lat: number; lng: number }): string {
  try {
    return tzLookup(point.lat, point.lng)
  } catch {
    // Only for coordinates out of range, which a stored listing never has.
    return 'UTC'
  }
}
