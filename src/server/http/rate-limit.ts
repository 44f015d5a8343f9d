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
 * Answers 429 JSON with Retry-After once an address is over any of the rules. A request without a
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
    let retryAfterSeconds = 0
    for (const rule of rules) {
      const consumed = await limits.consume(`${rule.name}:${address}`, rule)
      if (!consumed.allowed)
        retryAfterSeconds = Math.max(retryAfterSeconds, consumed.retryAfterSeconds)
    }
    if (retryAfterSeconds === 0) return next()
    c.header('Retry-After', String(retryAfterSeconds))
    return c.json({ error: 'Too many requests: try again later' } satisfies ErrorBody, 429)
  }
}
