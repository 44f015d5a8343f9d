// The opaque keyset cursor of GET /api/listings: the (timestamp, id) of the last listing sent.

export interface ListingKey {
  timestamp: number
  id: string
}

export function encodeCursor(key: ListingKey): string {
  return Buffer.from(`${key.timestamp}:${key.id}`, 'utf8').toString('base64url')
}

/** The key a cursor names, or undefined for anything we did not hand out. */
export function decodeCursor(cursor: string): ListingKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  )
  if (!match) return undefined
  return { timestamp: Number(match[1]), id: match[2]! }
}
