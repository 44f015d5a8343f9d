// The opaque keyset cursor of GET /api/favourites: when the last listing sent was saved, and its id.

export interface FavouriteKey {
  /** milliseconds since the epoch */
  createdAt: number
  listingId: string
}

export function encodeFavouriteCursor(key: FavouriteKey): string {
  return Buffer.from(`f:${key.createdAt}:${key.listingId}`, 'utf8').toString('base64url')
}

/** The cursor's key, or undefined for anything we did not hand out. */
export function decodeFavouriteCursor(cursor: string): FavouriteKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return undefined
  const match = /^f:(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  )
  if (!match) return undefined
  return { createdAt: Number(match[1]), listingId: match[2]! }
}
