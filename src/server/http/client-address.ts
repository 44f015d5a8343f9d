// The caller's address, for rate limits and sessions: the socket's peer, or, behind proxies that
// TRUST_PROXY names, the client they report in X-Forwarded-For or Forwarded (RFC 7239).
import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AddressRange, TrustProxy } from '../config.js'

/** The caller's address of a request; undefined only without a socket (in-process tests). */
export type ClientAddress = (c: Context) => string | undefined

export function createClientAddress(trust: TrustProxy): ClientAddress {
  const choose = clientAddressChooser(trust)
  return (c) => {
    let peer: string | undefined
    try {
      peer = getConnInfo(c).remote.address
    } catch {
      // In-process requests (tests) have no socket.
      return undefined
    }
    if (peer === undefined) return undefined
    return choose(peer, c.req.raw.headers)
  }
}

/**
 * Goes through the hops from the socket's peer leftwards while the current hop is trusted; the first one
 * that is not is the client. An entry that is not an address (junk, `unknown`, an obfuscated
 * name) stops at the nearest valid address, so it can never become anyone's key.
 */
export function clientAddressChooser(trust: TrustProxy) {
  const isTrusted: (address: string, step: number) => boolean =
    'hops' in trust ? (_, step) => step < trust.hops : inRanges(trust.ranges)
  return (peer: string, headers: Pick<Headers, 'get'>): string => {
    let client = canonical(peer) ?? peer
    if ('hops' in trust && trust.hops === 0) return client
    const hops = forwardedHops(headers)
    for (let step = 0; hops.length > 0 && isTrusted(client, step); step++) {
      const next = canonical(hops.pop())
      if (next === undefined) break
      client = next
    }
    return client
  }
}

function inRanges(ranges: AddressRange[]): (address: string) => boolean {
  const list = new BlockList()
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family)
  return (address) => list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The hops before the socket's peer, nearest last. A proxy in front of us appends to
 * X-Forwarded-For (HAProxy, nginx, Caddy, cloud balancers all do); one that passes a client's
 * `Forwarded` on untouched would let it choose its address if that header came first, so
 * `Forwarded` is read only when there is no X-Forwarded-For (decision 014).
 */
export function forwardedHops(headers: Pick<Headers, 'get'>): (string | undefined)[] {
  const forwardedFor = headers.get('x-forwarded-for')
  if (forwardedFor !== null) return forwardedFor.split(',').map((entry) => entry.trim())
  const forwarded = headers.get('forwarded')
  if (forwarded !== null) return splitOutsideQuotes(forwarded, ',').map(forNode)
  return []
}

/** The address in an RFC 7239 element's `for=`: `"[2001:db8::1]:4711"` → `2001:db8::1`. */
function forNode(element: string): string | undefined {
  for (const pair of splitOutsideQuotes(element, ';')) {
    const equals = pair.indexOf('=')
    if (equals < 0 || pair.slice(0, equals).trim().toLowerCase() !== 'for') continue
    let node = pair.slice(equals + 1).trim()
    if (node.startsWith('"') && node.endsWith('"') && node.length >= 2) node = node.slice(1, -1)
    const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(node)
    if (bracketed) return bracketed[1]
    // An IPv4 address may carry a port; `unknown` and `_obfuscated` names fail the address check.
    return node.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')
  }
  return undefined
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i]
      continue
    }
    if (char === '"') quoted = !quoted
    if (char === separator && !quoted) {
      parts.push(current.trim())
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current.trim())
  return parts
}

/**
 * One spelling per address, or undefined for anything that is not one: lower case, and an IPv4
 * address reached over IPv6 (`::ffff:192.0.2.1`) as plain IPv4, so one client is one key.
 */
function canonical(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const address = text.toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)
  if (mapped) return mapped[1]
  // A zone (`fe80::1%eth0`) names a link of ours, and no client is known by one.
  return isIP(address) === 0 || address.includes('%') ? undefined : address
}
