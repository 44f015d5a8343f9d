// A short digest of a list's filter, which a cursor carries so that it continues only that list.
import { createHash } from 'node:crypto'
import { filterParameters, type ListingFilter } from '../../shared/listing-requests.js'

/** The digest of the filter's parameters in their one canonical order (`filterParameters`). */
export function filterFingerprint(filter: ListingFilter): string {
  const text = filterParameters(filter)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  return createHash('sha256').update(text).digest('base64url').slice(0, 12)
}
