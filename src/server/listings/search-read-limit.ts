// The per-address budget of searches that no cache serves: the API's list and map reads and the
// server-rendered search page share it (the API contract). A cached response costs nothing and is
// not counted. Counted in this server's memory (docs/decisions/023-search-read-limit.md).
import type { Context } from 'hono'
import type { ClientAddress } from '../http/client-address.js'
import { consumePerAddress, createLocalRequestLimits, type LimitRule } from '../http/rate-limit.js'

/** Counts an uncached search read of the request's address; throws `RequestLimitedError` past it. */
export type CountSearchRead = (c: Context) => Promise<void>

export function createSearchReadLimit(deps: {
  /** SEARCH_READS_PER_MINUTE: 120 unless set; 0 counts nothing. */
  perMinute: number
  clientAddress: ClientAddress
}): CountSearchRead {
  const { perMinute, clientAddress } = deps
  if (perMinute === 0) return () => Promise.resolve()
  const rules: LimitRule[] = [{ name: 'search-minute', windowSeconds: 60, max: perMinute }]
  const limits = createLocalRequestLimits()
  return async (c) => {
    const address = clientAddress(c)
    // In-process requests (tests) have no address, and are not counted.
    if (address === undefined) return
    await consumePerAddress(limits, rules, address)
  }
}
