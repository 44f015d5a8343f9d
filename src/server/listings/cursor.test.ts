import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

describe('listing cursor', () => {
  it('gives back the key it was made from', () => {
    const key = { timestamp: 1_763_700_000_000, id: 'a1B2c3D4e5F6g7H8i9J0' }
    expect(decodeCursor(encodeCursor(key))).toEqual(key)
  })

  it.each([
    ['', 'empty'],
    ['%%%', 'not base64url'],
    [Buffer.from('12:ab:cd').toString('base64url'), 'an id with a colon'],
    [Buffer.from('-5:abc').toString('base64url'), 'a negative timestamp'],
    [Buffer.from('1e9:abc').toString('base64url'), 'an exponent'],
    [Buffer.from('12:').toString('base64url'), 'no id'],
    ['x'.repeat(201), 'too long'],
  ])('refuses %j (%s)', (cursor) => {
    expect(decodeCursor(cursor)).toBeUndefined()
  })
})
