// The job table's promises, on both databases: a job joins a waiting one of its key, a job that
// something joined while it ran runs again, a crashed worker's claim runs out, failures wait longer
// each time, and workers running side by side never run a job twice.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'
import { openDatabase, type Db } from '../db/database'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import {
  claimStatement,
  createJobQueue,
  jobTiming,
  renewStatement,
  retryDelay,
  type JobQueue,
} from './job-queue'

describe.each(dialects)('the job queue on %s', (dialect) => {
  let t: TestApp
  let queue: JobQueue

  beforeAll(async () => {
    t = await createTestApp(dialect)
    queue = t.context.jobs
  })
  afterAll(() => t?.close())
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
  })

  const enqueue = (key: string, runAt: number, payload: unknown = { key }) =>
    queue.enqueue(t.context.db.kysely, [{ key, kind: 'test', payload, runAt }], 0)
  const rows = () => t.context.db.kysely.selectFrom('job').selectAll().orderBy('key').execute()

  it('joins a job to the waiting one of its key, keeping the earlier time and first payload', async () => {
    await enqueue('a', 100, { first: true })
    await enqueue('a', 50, { first: false })
    await enqueue('a', 80)
    expect(await rows()).toMatchObject([
      { key: 'a', runAt: 50, version: 2, payload: '{"first":true}', attempts: 0 },
    ])
  })

  it('adds a job only when none of its key waits or runs, leaving that one as it was', async () => {
    await queue.enqueueIfAbsent({ key: 'a', kind: 'test', payload: 1, runAt: 100 }, 0)
    await queue.enqueueIfAbsent({ key: 'a', kind: 'test', payload: 2, runAt: 50 }, 0)
    expect(await queue.claim(100)).toMatchObject({ key: 'a', payload: 1, version: 0 })
    await queue.enqueueIfAbsent({ key: 'a', kind: 'test', payload: 3, runAt: 0 }, 0)
    expect(await rows()).toMatchObject([{ key: 'a', runAt: 100, version: 0, payload: '1' }])
  })

  it('keeps a recurring job for the time its handler returns, or runs it again if joined', async () => {
    await enqueue('a', 10)
    const recurring = { test: async (_: unknown, now: number) => ({ nextRunAt: now + 500 }) }
    expect(await queue.runDue(recurring, () => 20)).toBe(1)
    expect(await rows()).toMatchObject([{ key: 'a', runAt: 520, claimedUntil: null, attempts: 0 }])
    expect(await queue.runDue(recurring, () => 519)).toBe(0)
    let runs = 0
    const joined = {
      async test(_: unknown, now: number) {
        runs += 1
        if (runs === 1) await enqueue('a', 5000)
        return { nextRunAt: now + 500 }
      },
    }
    expect(await queue.runDue(joined, () => 520)).toBe(2)
    expect(await rows()).toMatchObject([{ key: 'a', runAt: 1020, attempts: 0 }])
  })

  it('runs a job again when another joined it while it ran', async () => {
    await enqueue('a', 10)
    let runs = 0
    const ran = await queue.runDue(
      {
        async test() {
          runs += 1
          // A match arrives while the mail is being sent.
          if (runs === 1) await enqueue('a', 1000)
        },
      },
      () => 20,
    )
    expect(runs).toBe(2)
    expect(ran).toBe(2)
    expect(await rows()).toEqual([])
  })

  it('lets another worker take a job once a crashed worker’s claim runs out', async () => {
    await enqueue('a', 10)
    const claimed = await queue.claim(20)
    expect(claimed).toMatchObject({ key: 'a', attempts: 1 })
    // The worker dies here: nobody else may run the job while its claim holds.
    expect(await queue.claim(20 + jobTiming.claimMs - 1)).toBeUndefined()
    expect(await queue.claim(20 + jobTiming.claimMs)).toMatchObject({ key: 'a', attempts: 2 })
  })

  it('renews the claim of a job while it runs, so that only a dead worker’s claim runs out', async () => {
    await enqueue('a', 10)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const claimedUntil = async () => (await rows())[0]!.claimedUntil
    let now = 20
    const seen: (number | null)[] = []
    try {
      await queue.runDue(
        {
          test: async () => {
            seen.push(await claimedUntil())
            now += jobTiming.renewMs
            await vi.advanceTimersByTimeAsync(jobTiming.renewMs)
            await vi.waitUntil(async () => (await claimedUntil()) !== seen[0])
            seen.push(await claimedUntil())
          },
        },
        () => now,
      )
    } finally {
      vi.useRealTimers()
    }
    expect(seen).toEqual([20 + jobTiming.claimMs, 20 + jobTiming.renewMs + jobTiming.claimMs])
  })

  it('renews no claim that another worker has taken since', async () => {
    await enqueue('a', 10)
    const lost = (await queue.claim(20))!
    const taken = await queue.claim(20 + jobTiming.claimMs)
    expect(taken).toMatchObject({ attempts: 2 })
    await queue.renew(lost, 20 + jobTiming.claimMs + 5)
    expect((await rows())[0]!.claimedUntil).toBe(20 + 2 * jobTiming.claimMs)
  })

  it('waits twice as long after each failure, and keeps the job until it is done', async () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000])
    expect(retryDelay(40)).toBe(jobTiming.maxRetryMs)
    await enqueue('a', 0)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = {
      test: () => Promise.reject(new Error('SMTP is down')),
    }
    expect(await queue.runDue(failing, () => 0)).toBe(1)
    expect(await rows()).toMatchObject([{ runAt: 1000, attempts: 1, lastError: 'SMTP is down' }])
    expect(await queue.runDue(failing, () => 1000)).toBe(1)
    expect(await rows()).toMatchObject([{ runAt: 3000, attempts: 2 }])
    warn.mockRestore()
    expect(await queue.runDue({ test: async () => {} }, () => 3000)).toBe(1)
    expect(await rows()).toEqual([])
  })

  it('runs each job once with several workers on their own connections at once', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `job-${index}`)
    for (const key of keys) await enqueue(key, 0)
    // Each worker its own pool, as each server process has.
    const others: Db[] = Array.from({ length: 3 }, () =>
      openDatabase({ databaseUrl: t.context.config.databaseUrl, dataDir: t.dataDir }),
    )
    try {
      const handled: string[] = []
      const handler = async (payload: unknown) => {
        handled.push((payload as { key: string }).key)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      await Promise.all(
        [queue, ...others.map(createJobQueue)].map((worker) =>
          worker.runDue({ test: handler }, () => 1),
        ),
      )
      expect(handled.sort()).toEqual([...keys].sort())
      expect(await rows()).toEqual([])
    } finally {
      await Promise.all(others.map((db) => db.close()))
    }
  })

  it('claims through the index of due times', async () => {
    const plan = await queryPlan(t.context.db, (trx) => ({
      compile: () => claimStatement(t.context.db, 1000).compile(trx),
    }))
    expect(plan.join('\n')).toContain('job_due')
    expect(scansTable(plan, 'job')).toBe(false)
  })

  it('renews a claim by the job’s key, reading no other row', async () => {
    const plan = await queryPlan(t.context.db, (trx) =>
      renewStatement(trx, { key: 'a', attempts: 1 }, 1000),
    )
    expect(scansTable(plan, 'job')).toBe(false)
  })
})
