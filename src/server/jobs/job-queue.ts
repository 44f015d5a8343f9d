// Background work kept in the database (docs/decisions/012-job-queue.md): a job is a row, enqueued
// in the same transaction as what caused it, claimed by one worker of any server for a while, and
// deleted once done (a recurring one is moved to its next run instead, decision 016). A failure is
// retried with back-off; a crashed worker's claim runs out.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { batches } from '../lib/batches.js'

export interface NewJob {
  /** names the work: a job with the key of a waiting one joins it (the earlier runAt wins) */
  key: string
  kind: string
  payload: unknown
  /** milliseconds since the epoch */
  runAt: number
}

export interface ClaimedJob {
  key: string
  kind: string
  payload: unknown
  /** this run's number, from 1 */
  attempts: number
  version: number
}

/**
 * What runs a job of a kind; throwing leaves the job to be retried later. A recurring job returns
 * when it runs next, and keeps its row until then.
 */
export type JobHandlers = Record<
  string,
  (payload: unknown, now: number) => Promise<void | { nextRunAt: number }>
>

export const jobTiming = {
  /**
   * How long a claim holds unless its worker renews it: a job whose server died is taken by
   * another this long after its last renewal.
   */
  claimMs: 30_000,
  /** How often a running job's claim is renewed: well within `claimMs`, so a live one never ends. */
  renewMs: 10_000,
  /** The first retry's wait, doubled with every failed attempt up to `maxRetryMs`. */
  firstRetryMs: 1000,
  maxRetryMs: 30 * 60_000,
} as const

export function retryDelay(attempts: number): number {
  return Math.min(jobTiming.firstRetryMs * 2 ** Math.max(0, attempts - 1), jobTiming.maxRetryMs)
}

/** Claims the due job that waited longest (its plan is checked in job-queue.test.ts). */
export function claimStatement(db: Pick<Db, 'dialect'>, now: number) {
  // SQLite has one writer at a time, so the select and the update cannot interleave there;
  // PostgreSQL's workers each skip the rows another is claiming.
  const lock = db.dialect === 'postgres' ? sql`for update skip locked` : sql``
  return sql<{ key: string; kind: string; payload: string; attempts: number; version: number }>`
    update job set "claimedUntil" = ${now + jobTiming.claimMs}, "attempts" = "attempts" + 1
    where "key" = (
      select "key" from job
      where "runAt" <= ${now} and ("claimedUntil" is null or "claimedUntil" <= ${now})
      order by "runAt" limit 1 ${lock}
    )
    returning "key", "kind", "payload", "attempts", "version"`
}

/** Extends a running job's claim (its plan is checked in job-queue.test.ts). */
export const renewStatement = (
  kysely: Kysely<Database>,
  job: Pick<ClaimedJob, 'key' | 'attempts'>,
  now: number,
) =>
  kysely
    .updateTable('job')
    .set({ claimedUntil: now + jobTiming.claimMs })
    .where('key', '=', job.key)
    .where('attempts', '=', job.attempts)
    .where('claimedUntil', 'is not', null)

const jobRow = (job: NewJob, now: number) => ({
  key: job.key,
  kind: job.kind,
  payload: JSON.stringify(job.payload),
  runAt: job.runAt,
  claimedUntil: null,
  lastError: null,
  createdAt: now,
})

export function createJobQueue(db: Db) {
  /** Adds jobs, inside the caller's transaction when `kysely` is one. */
  async function enqueue(kysely: Kysely<Database>, jobs: NewJob[], now: number): Promise<void> {
    // A few hundred rows a statement stays under SQLite's limit of bound values.
    for (const batch of batches(jobs, 200)) {
      await kysely
        .insertInto('job')
        .values(batch.map((job) => jobRow(job, now)))
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            version: sql`"job"."version" + 1`,
            runAt: sql`case when excluded."runAt" < "job"."runAt" then excluded."runAt" else "job"."runAt" end`,
          }),
        )
        .execute()
    }
  }

  /**
   * Adds the job unless one of its key waits or runs, leaving that one as it is: for a recurring
   * job that every server makes sure of at start (joining would make a running one run again).
   */
  async function enqueueIfAbsent(job: NewJob, now: number): Promise<void> {
    await db.kysely
      .insertInto('job')
      .values(jobRow(job, now))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute()
  }

  /** The due job that waited longest, now claimed by the caller; undefined when none is due. */
  async function claim(now: number): Promise<ClaimedJob | undefined> {
    const { rows } = await claimStatement(db, now).execute(db.kysely)
    const row = rows[0]
    return row && { ...row, payload: JSON.parse(row.payload) as unknown }
  }

  /**
   * Done: gone (or, given `nextRunAt`, waiting for then), unless more joined it while it ran, then
   * it runs again at once.
   */
  async function complete(job: ClaimedJob, nextRunAt?: number): Promise<void> {
    if (await settle(job, nextRunAt)) return
    await db.kysely
      .updateTable('job')
      .set({ claimedUntil: null, attempts: 0, lastError: null })
      .where('key', '=', job.key)
      .execute()
  }

  /** Deletes the job, or moves it to `nextRunAt`; false when it changed (joined) meanwhile. */
  async function settle(job: ClaimedJob, nextRunAt: number | undefined): Promise<boolean> {
    if (nextRunAt === undefined) {
      const deleted = await db.kysely
        .deleteFrom('job')
        .where('key', '=', job.key)
        .where('version', '=', job.version)
        .executeTakeFirst()
      return deleted.numDeletedRows > 0n
    }
    const moved = await db.kysely
      .updateTable('job')
      .set({ runAt: nextRunAt, claimedUntil: null, attempts: 0, lastError: null })
      .where('key', '=', job.key)
      .where('version', '=', job.version)
      .executeTakeFirst()
    return moved.numUpdatedRows > 0n
  }

  /** Extends the claim of a job still running; none if another worker has since claimed it. */
  async function renew(job: ClaimedJob, now: number): Promise<void> {
    await renewStatement(db.kysely, job, now).execute()
  }

  async function fail(job: ClaimedJob, error: unknown, now: number): Promise<void> {
    await db.kysely
      .updateTable('job')
      .set({
        claimedUntil: null,
        runAt: now + retryDelay(job.attempts),
        lastError: error instanceof Error ? error.message : String(error),
      })
      .where('key', '=', job.key)
      .execute()
  }

  /**
   * Runs due jobs one after another until none is due at `now()` (or `stopping()` says so);
   * returns how many ran.
   */
  async function runDue(
    handlers: JobHandlers,
    now: () => number = Date.now,
    stopping: () => boolean = () => false,
  ): Promise<number> {
    let ran = 0
    while (!stopping()) {
      const job = await claim(now())
      if (!job) return ran
      ran += 1
      const handler = handlers[job.kind]
      let next: void | { nextRunAt: number }
      // Renewed while it runs, so that only a dead server's claim runs out.
      const renewal = setInterval(
        () => void renew(job, now()).catch(() => undefined),
        jobTiming.renewMs,
      )
      try {
        if (!handler) throw new Error(`No handler for jobs of kind '${job.kind}'`)
        next = await handler(job.payload, now())
      } catch (error) {
        console.warn(
          `Job ${job.key} failed (attempt ${job.attempts}), retrying in ${retryDelay(job.attempts) / 1000} s:`,
          error instanceof Error ? error.message : error,
        )
        await fail(job, error, now())
        continue
      } finally {
        clearInterval(renewal)
      }
      await complete(job, next?.nextRunAt)
    }
    return ran
  }

  return { enqueue, enqueueIfAbsent, claim, renew, complete, fail, runDue }
}

export type JobQueue = ReturnType<typeof createJobQueue>
