// The opaque keyset cursor of GET /api/listings: the sort, the sort value and id of the last
// listing sent, and a fingerprint of the filter, so that a cursor continues only the list it came
// from. Written and read here; the fingerprint is made on the server (filter-fingerprint.ts).
import { listingSorts, type ListingSort } from './listing-requests.js'

export interface ListingCursor {
  sort: ListingSort
  /** the sort value of the last listing sent: its timestamp or its price */
  value: number
  /** the id of the last listing sent, which orders listings of the same value */
  id: string
  /** `filterFingerprint` of the filter the cursor was made under */
  fingerprint: string
}

const cursorText = /^([0-2]):(\d{1,15}):([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{12})$/

export function encodeCursor(cursor: ListingCursor): string {
  const sort = listingSorts.indexOf(cursor.sort)
  const text = `${sort}:${cursor.value}:${cursor.id}:${cursor.fingerprint}`
  // The text is ASCII, so btoa takes it as it is; base64url is base64 with two letters changed.
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The cursor's contents, or undefined for anything we did not hand out. */
export function decodeCursor(cursor: string): ListingCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  let text: string
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return undefined
  }
  const match = cursorText.exec(text)
  if (!match) return undefined
  return {
    sort: listingSorts[Number(match[1])]!,
    value: Number(match[2]),
    id: match[3]!,
    fingerprint: match[4]!,
  }
}
