// The per-address limits of sign-in and the mails key an IPv6 client on its /64, as Better Auth did.
import { describe, expect, it } from 'vitest'
import { limitKeyOf } from './auth.routes'

describe('limitKeyOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitKeyOf('192.0.2.7')).toBe('192.0.2.7')
  })

  it('keys every IPv6 address of one /64 alike, whichever way it is written', () => {
    const key = limitKeyOf('2001:db8:1:2::1')
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002::abcd',
      '2001:db8:1:2:0:0:0.0.0.1',
    ]) {
      expect(limitKeyOf(address), address).toBe(key)
    }
    expect(key).toBe('2001:db8:1:2::/64')
    expect(limitKeyOf('2001:db8:1:3::1')).not.toBe(key)
    expect(limitKeyOf('1:2::4:5:6:7:8')).toBe('1:2:0:4::/64')
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64')
  })
})
