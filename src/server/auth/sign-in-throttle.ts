// Sign-in attempts per account, beside Better Auth's per-address limit: a password guess spread
// over many addresses is slowed for the account it aims at (decision 014). Counted in the
// database, so every server shares the count; keyed by the address typed, account or not.
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/database.js'

export interface SignInBackoff {
  /** attempts let through one after another since the last success */
  free: number
  /** the wait after the last free attempt; each attempt after it doubles the wait */
  firstDelayMs: number
  /** the longest wait: an attacker can keep the owner waiting this long at most, never locked out */
  longestDelayMs: number
  /** an account without attempts for this long starts again from nothing */
  forgetAfterMs: number
}

export const signInBackoff: SignInBackoff = {
  free: 10,
  firstDelayMs: 15_000,
  longestDelayMs: 5 * 60_000,
  forgetAfterMs: 60 * 60_000,
}

export type Claim = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** How long the next attempt must wait after the nth attempt since the last success. */
export function delayAfter(attempts: number, backoff: SignInBackoff): number {
  if (attempts < backoff.free) return 0
  return Math.min(backoff.firstDelayMs * 2 ** (attempts - backoff.free), backoff.longestDelayMs)
}

/**
 * The key of an e-mail address as Better Auth finds its account (in lower case). A hash: the
 * table need not keep the addresses people typed.
 */
export function accountKey(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')
}

/** Rows not touched for this long are removed, at most once per sweep interval. */
const sweepIntervalMs = 10 * 60_000

export function createSignInThrottle(db: Db, backoff: SignInBackoff = signInBackoff) {
  // The waits from the last free attempt until the longest, as SQL cases on the new count.
  const waits: number[] = []
  for (let attempts = backoff.free; ; attempts++) {
    waits.push(delayAfter(attempts, backoff))
    if (waits.at(-1)! >= backoff.longestDelayMs) break
  }
  let nextSweep = 0

  /**
   * Counts an attempt at the account's password if its wait is over; otherwise the attempt is
   * refused and changes nothing (so refused attempts cannot stretch the owner's wait).
   */
  async function claim(email: string): Promise<Claim> {
    const key = accountKey(email)
    const now = Date.now()
    const forgotten = sql`sign_in_attempt."lastAttemptAt" <= ${now - backoff.forgetAfterMs}`
    const attempts = sql`case when ${forgotten} then 1 else sign_in_attempt.attempts + 1 end`
    const wait = sql`case ${sql.join(
      waits.map(
        (ms, i) => sql`when ${attempts} = ${sql.lit(backoff.free + i)} then ${sql.lit(ms)}`,
      ),
      sql` `,
    )} when ${attempts} < ${sql.lit(backoff.free)} then 0 else ${sql.lit(backoff.longestDelayMs)} end`
    // One statement: parallel attempts on any server each see the count the one before left.
    const { rows } = await sql<{ attempts: number }>`
      insert into sign_in_attempt (key, attempts, "lastAttemptAt", "nextAttemptAt")
      values (${key}, 1, ${now}, ${now + delayAfter(1, backoff)})
      on conflict (key) do update set
        attempts = ${attempts},
        "lastAttemptAt" = ${now},
        "nextAttemptAt" = cast(${now} as bigint) + ${wait}
      where sign_in_attempt."nextAttemptAt" <= ${now}
      returning attempts`.execute(db.kysely)
    await sweep(now)
    if (rows.length > 0) return { allowed: true }
    const row = await db.kysely
      .selectFrom('sign_in_attempt')
      .select('nextAttemptAt')
      .where('key', '=', key)
      .executeTakeFirst()
    const waitMs = row ? Number(row.nextAttemptAt) - now : 0
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
  }

  /** The right password: the account starts again from nothing. */
  async function succeeded(email: string): Promise<void> {
    await db.kysely.deleteFrom('sign_in_attempt').where('key', '=', accountKey(email)).execute()
  }

  async function sweep(now: number) {
    if (now < nextSweep) return
    nextSweep = now + sweepIntervalMs
    await db.kysely
      .deleteFrom('sign_in_attempt')
      .where('lastAttemptAt', '<', now - backoff.forgetAfterMs)
      .execute()
  }

  return { claim, succeeded }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
