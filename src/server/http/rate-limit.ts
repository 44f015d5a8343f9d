// Per-address request limits for our own routes, counted in the database (as Better Auth counts
// its own), so that every server behind a load balancer shares one count.
import type { Context, MiddlewareHandler } from 'hono'
import { sql } from 'kysely'
import type { Db } from '../db/database.js'
import type { ErrorBody } from '../../shared/error-body.js'

export interface LimitRule {
  /** Part of the key: one count per rule and address. */
  name: string
  windowSeconds: number
  max: number
}

export interface Consumed {
  allowed: boolean
  /** Seconds until the window that refused the request ends; 0 when allowed. */
  retryAfterSeconds: number
}

/** Rows whose window ended this long ago are removed, at most once per sweep interval. */
const sweepIntervalMs = 10 * 60_000

export function createRequestLimits(db: Db) {
  let nextSweep = 0
  let longestWindowMs = 0

  /** Counts one request against the rule's window; refused requests count too. */
  async function consume(key: string, rule: LimitRule): Promise<Consumed> {
    const now = Date.now()
    const windowMs = rule.windowSeconds * 1000
    longestWindowMs = Math.max(longestWindowMs, windowMs)
    // One statement, so that parallel requests on any server each get a count of their own.
    const { rows } = await sql<{ count: number; windowStart: number }>`
      insert into request_limit (key, "windowStart", count) values (${key}, ${now}, 1)
      on conflict (key) do update set
        count = case when request_limit."windowStart" <= ${now - windowMs}
          then 1 else request_limit.count + 1 end,
        "windowStart" = case when request_limit."windowStart" <= ${now - windowMs}
          then ${now} else request_limit."windowStart" end
      returning count, "windowStart"`.execute(db.kysely)
    const { count, windowStart } = rows[0]!
    if (now >= nextSweep) {
      nextSweep = now + sweepIntervalMs
      await db.kysely
        .deleteFrom('request_limit')
        .where('windowStart', '<', now - longestWindowMs)
        .execute()
    }
    if (Number(count) <= rule.max) return { allowed: true, retryAfterSeconds: 0 }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((Number(windowStart) + windowMs - now) / 1000)),
    }
  }

  return { consume }
}

export type RequestLimits = ReturnType<typeof createRequestLimits>

/**
 * The same counts kept in this server's memory, for limits that protect the database from reads:
 * counting them there would add a write to every read, limited ones too. Each server counts alone,
 * so behind N servers a client may make up to N times the limit. At most `maxKeys` counts are
 * kept; past that the oldest window is forgotten first.
 */
export function createLocalRequestLimits(maxKeys = 100_000): RequestLimits {
  // In the order their windows began, oldest first (a new window is a new entry at the end).
  const windows = new Map<string, { windowStart: number; windowMs: number; count: number }>()

  function sweep(now: number) {
    for (const [key, entry] of windows) {
      if (entry.windowStart > now - entry.windowMs && windows.size <= maxKeys) break
      windows.delete(key)
    }
  }

  function consume(key: string, rule: LimitRule): Promise<Consumed> {
    const now = Date.now()
    const windowMs = rule.windowSeconds * 1000
    let entry = windows.get(key)
    if (!entry || entry.windowStart <= now - windowMs) {
      windows.delete(key)
      entry = { windowStart: now, windowMs, count: 0 }
      windows.set(key, entry)
      sweep(now)
    }
    entry.count += 1
    if (entry.count <= rule.max) return Promise.resolve({ allowed: true, retryAfterSeconds: 0 })
    const retryAfterSeconds = Math.max(1, Math.ceil((entry.windowStart + windowMs - now) / 1000))
    return Promise.resolve({ allowed: false, retryAfterSeconds })
  }

  return { consume }
}

/** A request an address may not make now: over a limit until `retryAfterSeconds` have passed. */
export class RequestLimitedError extends Error {
  override name = 'RequestLimitedError'
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests: try again later')
  }
}

/**
 * Counts one request of `address` against each rule, and throws `RequestLimitedError` with the
 * longest wait when it is over any of them.
 */
export async function consumePerAddress(
  limits: RequestLimits,
  rules: LimitRule[],
  address: string,
): Promise<void> {
  let retryAfterSeconds = 0
  for (const rule of rules) {
    const consumed = await limits.consume(`${rule.name}:${address}`, rule)
    if (!consumed.allowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, consumed.retryAfterSeconds)
  }
  if (retryAfterSeconds > 0) throw new RequestLimitedError(retryAfterSeconds)
}

/** The 429 JSON error response with Retry-After for a request over its limit. */
export function limitedResponse(c: Context, error: RequestLimitedError): Response {
  c.header('Retry-After', String(error.retryAfterSeconds))
  return c.json({ error: error.message } satisfies ErrorBody, 429)
}

/**
 * Responds 429 JSON with Retry-After once an address is over any of the rules. A request without a
 * socket address (only in-process tests have none) is not counted.
 */
export function limitPerAddress(
  limits: RequestLimits,
  rules: LimitRule[],
  addressOf: (c: Context) => string | undefined,
): MiddlewareHandler {
  return async (c, next) => {
    const address = addressOf(c)
    if (address === undefined) return next()
    try {
      await consumePerAddress(limits, rules, address)
    } catch (error) {
      if (error instanceof RequestLimitedError) return limitedResponse(c, error)
      throw error
    }
    return next()
  }
}
