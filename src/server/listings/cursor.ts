// The opaque keyset cursor of GET /api/listings: the sort, the sort value and id of the last
// listing sent, and a fingerprint of the filters, so a cursor only continues the list it came from.
import { createHash } from 'node:crypto'
import { listingSorts, type ListingSort } from '../../shared/listing-requests.js'
import type { SortKey } from './search.queries.js'

export interface ListingCursor {
  sort: ListingSort
  after: SortKey
  /** `filterFingerprint` of the filters the cursor was made under */
  filters: string
}

/** A short digest of a list's filters, in their one canonical order (`filterParameters`). */
export function filterFingerprint(parameters: [string, string][]): string {
  const text = parameters.map(([name, value]) => `${name}=${value}`).join('&')
  return createHash('sha256').update(text).digest('base64url').slice(0, 12)
}

export function encodeCursor(cursor: ListingCursor): string {
  const sort = listingSorts.indexOf(cursor.sort)
  const text = `${sort}:${cursor.after.value}:${cursor.after.id}:${cursor.filters}`
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** The cursor's contents, or undefined for anything we did not hand out. */
export function decodeCursor(cursor: string): ListingCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  const match = /^([0-2]):(\d{1,15}):([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{12})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  )
  if (!match) return undefined
  return {
    sort: listingSorts[Number(match[1])]!,
    after: { value: Number(match[2]), id: match[3]! },
    filters: match[4]!,
  }
}
