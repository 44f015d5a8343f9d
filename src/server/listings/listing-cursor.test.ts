import { describe, expect, it } from 'vitest'
import { filterFingerprint } from './filter-fingerprint'
import { decodeCursor, encodeCursor } from '../../shared/listing-cursor'

describe('listing cursor', () => {
  it('gives back the cursor it was made from, under each sort', () => {
    for (const sort of ['newest', 'price-asc', 'price-desc'] as const) {
      const cursor = {
        sort,
        value: 1_763_700_000_000,
        id: 'a1B2c3D4e5F6g7H8i9J0',
        fingerprint: filterFingerprint({ type: 'rent' }),
      }
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    }
  })

  it('fingerprints different filters differently', () => {
    expect(filterFingerprint({ type: 'rent' })).not.toBe(filterFingerprint({ type: 'sale' }))
    expect(filterFingerprint({})).toMatch(/^[A-Za-z0-9_-]{12}$/)
  })

  it.each([
    ['', 'empty'],
    ['%%%', 'not base64url'],
    [Buffer.from('0:12:ab:cd').toString('base64url'), 'a short fingerprint'],
    [Buffer.from('3:12:abc:AAAAAAAAAAAA').toString('base64url'), 'an unknown sort'],
    [Buffer.from('0:-5:abc:AAAAAAAAAAAA').toString('base64url'), 'a negative value'],
    [Buffer.from('0:1e9:abc:AAAAAAAAAAAA').toString('base64url'), 'an exponent'],
    [Buffer.from('0:12::AAAAAAAAAAAA').toString('base64url'), 'no id'],
    [Buffer.from('12:abc').toString('base64url'), 'a cursor of before search'],
    ['x'.repeat(201), 'too long'],
  ])('refuses %j (%s)', (cursor) => {
    expect(decodeCursor(cursor)).toBeUndefined()
  })
})
