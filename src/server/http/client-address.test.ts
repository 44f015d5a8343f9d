import { isIP } from 'node:net'
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { readTrustProxy } from '../config'
import { clientAddressChooser, createClientAddress, forwardedHops } from './client-address'

/** The client TRUST_PROXY's `setting` makes of a request from `peer` with these headers. */
function clientOf(setting: string | undefined, peer: string, headers: Record<string, string> = {}) {
  return clientAddressChooser(readTrustProxy(setting))(peer, new Headers(headers))
}

describe('the client address', () => {
  it('is the socket peer without TRUST_PROXY, whatever the headers say', () => {
    const forged = { 'X-Forwarded-For': '203.0.113.9', Forwarded: 'for=203.0.113.10' }
    expect(clientOf(undefined, '198.51.100.7', forged)).toBe('198.51.100.7')
    expect(clientOf('0', '198.51.100.7', forged)).toBe('198.51.100.7')
  })

  it('is the address one trusted hop reports', () => {
    expect(clientOf('1', '10.0.0.2', { 'X-Forwarded-For': '203.0.113.9' })).toBe('203.0.113.9')
  })

  it('is the socket peer when a trusted proxy sends no header', () => {
    expect(clientOf('1', '10.0.0.2')).toBe('10.0.0.2')
    expect(clientOf('10.0.0.0/8', '10.0.0.2')).toBe('10.0.0.2')
  })

  it('ignores what a client wrote before the hops we trust (a forged header)', () => {
    // The client sent `X-Forwarded-For: 1.2.3.4`; our one proxy appended the real address.
    const headers = { 'X-Forwarded-For': '1.2.3.4, 203.0.113.9' }
    expect(clientOf('1', '10.0.0.2', headers)).toBe('203.0.113.9')
    expect(clientOf('10.0.0.2', '10.0.0.2', headers)).toBe('203.0.113.9')
  })

  it('goes through two hops: a CDN in front of the balancer', () => {
    const headers = { 'X-Forwarded-For': '1.2.3.4, 203.0.113.9, 192.0.2.50' }
    expect(clientOf('2', '10.0.0.2', headers)).toBe('203.0.113.9')
    expect(clientOf('10.0.0.0/8,192.0.2.0/24', '10.0.0.2', headers)).toBe('203.0.113.9')
    // Trusting only the balancer: the CDN's address is the client.
    expect(clientOf('10.0.0.0/8', '10.0.0.2', headers)).toBe('192.0.2.50')
  })

  it('takes the leftmost address when every hop is trusted, and clamps a count past the chain', () => {
    expect(clientOf('5', '10.0.0.2', { 'X-Forwarded-For': '203.0.113.9, 10.0.0.3' })).toBe(
      '203.0.113.9',
    )
    expect(clientOf('10.0.0.0/8', '10.0.0.2', { 'X-Forwarded-For': '10.0.0.5, 10.0.0.3' })).toBe(
      '10.0.0.5',
    )
  })

  it('reads nothing from a peer outside the trusted addresses', () => {
    expect(clientOf('10.0.0.0/8', '198.51.100.7', { 'X-Forwarded-For': '203.0.113.9' })).toBe(
      '198.51.100.7',
    )
    expect(clientOf('loopback', '198.51.100.7', { Forwarded: 'for=203.0.113.9' })).toBe(
      '198.51.100.7',
    )
  })

  it('trusts the loopback addresses by name, over IPv4 and IPv6', () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9' }
    expect(clientOf('loopback', '127.0.0.1', headers)).toBe('203.0.113.9')
    expect(clientOf('loopback', '::1', headers)).toBe('203.0.113.9')
    expect(clientOf('loopback', '::ffff:127.0.0.1', headers)).toBe('203.0.113.9')
  })

  it('knows IPv6 clients and proxies, in one spelling', () => {
    expect(clientOf('fd00::/8', 'fd00::2', { 'X-Forwarded-For': '2001:DB8::1' })).toBe(
      '2001:db8::1',
    )
    expect(clientOf('1', 'fd00::2', { 'X-Forwarded-For': '::ffff:203.0.113.9' })).toBe(
      '203.0.113.9',
    )
    expect(clientOf(undefined, '::ffff:198.51.100.7')).toBe('198.51.100.7')
  })

  it.each([
    ['for=203.0.113.9', '203.0.113.9'],
    ['For="203.0.113.9:4711";proto=https;by=10.0.0.2', '203.0.113.9'],
    ['for="[2001:db8:cafe::17]:4711"', '2001:db8:cafe::17'],
    ['for="[2001:db8:cafe::17]"', '2001:db8:cafe::17'],
    ['proto=http;for=203.0.113.9', '203.0.113.9'],
    ['for=1.2.3.4, for=203.0.113.9', '203.0.113.9'],
  ])('reads RFC 7239 Forwarded: %s', (forwarded, client) => {
    expect(clientOf('1', '10.0.0.2', { Forwarded: forwarded })).toBe(client)
  })

  it.each([
    // Not addresses: never a key; the nearest valid address is.
    ['X-Forwarded-For', 'not-an-address'],
    ['X-Forwarded-For', ''],
    ['X-Forwarded-For', '203.0.113.9:80'],
    ['X-Forwarded-For', 'fe80::1%eth0'],
    ['X-Forwarded-For', '999.1.1.1'],
    ['Forwarded', 'for=unknown'],
    ['Forwarded', 'for=_hidden'],
    ['Forwarded', 'for="[not:an:address]"'],
    ['Forwarded', 'proto=https'],
    ['Forwarded', 'for="203.0.113.9, 1.2.3.4"'],
  ])('falls back to the trusted peer when %s says %j', (name, value) => {
    expect(clientOf('1', '10.0.0.2', { [name]: value })).toBe('10.0.0.2')
  })

  it('stops at junk further left too, at the nearest valid hop', () => {
    const headers = { 'X-Forwarded-For': 'junk, 203.0.113.9, 192.0.2.50' }
    expect(clientOf('3', '10.0.0.2', headers)).toBe('203.0.113.9')
  })

  it('prefers X-Forwarded-For when both headers came (a proxy passes Forwarded on untouched)', () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9', Forwarded: 'for=1.2.3.4' }
    expect(clientOf('1', '10.0.0.2', headers)).toBe('203.0.113.9')
  })

  it('joins repeated X-Forwarded-For headers in order', () => {
    const headers = new Headers()
    headers.append('X-Forwarded-For', '1.2.3.4')
    headers.append('X-Forwarded-For', '203.0.113.9')
    expect(forwardedHops(headers)).toEqual(['1.2.3.4', '203.0.113.9'])
  })

  it('comes from the socket of a request, and is undefined without one', async () => {
    const clientAddress = createClientAddress(readTrustProxy('1'))
    const app = new Hono().get('/', (c) => c.text(clientAddress(c) ?? 'none'))
    const socket = { remoteAddress: '10.0.0.2', remotePort: 1, remoteFamily: 'IPv4' }
    const headers = { 'X-Forwarded-For': '203.0.113.9' }
    const response = await app.request('/', { headers }, { incoming: { socket } })
    expect(await response.text()).toBe('203.0.113.9')
    expect(await (await app.request('/', { headers })).text()).toBe('none')
  })

  it('is always the peer or an address the headers hold, whatever they hold', () => {
    const hop = fc.oneof(fc.ipV4(), fc.ipV6(), fc.string(), fc.constantFrom('unknown', '_x', ''))
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(undefined), fc.constantFrom('1', '2', '3', 'loopback', '10.0.0.0/8')),
        fc.constantFrom('127.0.0.1', '10.0.0.2', '198.51.100.7'),
        fc.array(hop, { maxLength: 5 }),
        fc.array(hop, { maxLength: 5 }),
        (setting, peer, forwardedFor, forwarded) => {
          const headers: Record<string, string> = {}
          // Header values cannot hold line breaks or NUL: a client cannot send them either.
          const clean = (text: string) => text.replace(/[\r\n\0]/g, '')
          if (forwardedFor.length > 0) headers['X-Forwarded-For'] = clean(forwardedFor.join(', '))
          if (forwarded.length > 0) {
            headers.Forwarded = clean(forwarded.map((node) => `for="${node}"`).join(', '))
          }
          const client = clientOf(setting, peer, headers)
          expect(isIP(client)).not.toBe(0)
          if (setting === undefined) expect(client).toBe(peer)
          else expect([peer, ...Object.values(headers)].join(' ').toLowerCase()).toContain(client)
        },
      ),
    )
  })
})
