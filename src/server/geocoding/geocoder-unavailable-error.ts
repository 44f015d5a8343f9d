// Its own module so that the providers can throw it without importing geocoder.ts, which imports them.

/** The provider could not be asked (network, quota, bad key): not the same as "no such address". */
export class GeocoderUnavailableError extends Error {
  override name = 'GeocoderUnavailableError'
}
