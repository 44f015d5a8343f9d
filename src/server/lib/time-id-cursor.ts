// An opaque keyset cursor over a list ordered by a time and an id: the time and id of the last row
// sent, behind a letter that names the list, so a cursor of one list is refused by another.

export interface TimeIdKey {
  /** milliseconds since the epoch */
  at: number
  id: string
}

export function encodeTimeIdCursor(list: string, key: TimeIdKey): string {
  return Buffer.from(`${list}:${key.at}:${key.id}`, 'utf8').toString('base64url')
}

/** The cursor's key, or undefined for anything we did not hand out for `list`. */
export function decodeTimeIdCursor(list: string, cursor: string): TimeIdKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return undefined
  const [prefix, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':')
  if (prefix !== list || rest.length > 0 || !/^\d{1,15}$/.test(at ?? '')) return undefined
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id ?? '')) return undefined
  return { at: Number(at), id: id! }
}
