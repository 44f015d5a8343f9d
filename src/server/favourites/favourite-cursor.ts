// The opaque keyset cursor of GET /api/favourites: when the last listing sent was saved, and its id.
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../lib/time-id-cursor.js'

export interface FavouriteKey {
  /** milliseconds since the epoch */
  createdAt: number
  listingId: string
}

export function encodeFavouriteCursor(key: FavouriteKey): string {
  return encodeTimeIdCursor('f', { at: key.createdAt, id: key.listingId })
}

/** The cursor's key, or undefined for anything we did not hand out. */
export function decodeFavouriteCursor(cursor: string): FavouriteKey | undefined {
  const key = decodeTimeIdCursor('f', cursor)
  return key && { createdAt: key.at, listingId: key.id }
}
