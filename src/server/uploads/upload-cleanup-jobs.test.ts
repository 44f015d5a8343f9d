// The stale-upload cleanup runs once per due time however many servers run workers, on both
// databases, with the queue's clock in the test's hands. What real server processes add (three
// servers on one PostgreSQL, a claim left by a killed one) is in tests/faults/several-servers.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'
import { openDatabase, type Db } from '../db/database'
import { createJobQueue, jobTiming, type JobQueue } from '../jobs/job-queue'
import {
  createUploadCleanupJobs,
  queueUploadCleanup,
  uploadCleanupJob,
} from './upload-cleanup-jobs'

const hour = uploadCleanupJob.everyMs

describe.each(dialects)('the upload cleanup job on %s', (dialect) => {
  let t: TestApp
  /** Three servers' queues, each on its own pool as each server process has. */
  let workers: JobQueue[]
  let others: Db[]
  let runs: number[]
  const handlers = createUploadCleanupJobs(async (now) => {
    runs.push(now)
    await new Promise((resolve) => setTimeout(resolve, 5))
    return 0
  })

  beforeAll(async () => {
    t = await createTestApp(dialect)
    others = Array.from({ length: 2 }, () =>
      openDatabase({ databaseUrl: t.context.config.databaseUrl, dataDir: t.dataDir }),
    )
    workers = [t.context.jobs, ...others.map(createJobQueue)]
  })
  afterAll(async () => {
    await Promise.all(others.map((db) => db.close()))
    await t?.close()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
  })

  const row = () =>
    t.context.db.kysely
      .selectFrom('job')
      .select(['key', 'runAt', 'version', 'claimedUntil', 'attempts'])
      .execute()
  /** Every server's worker looks for due jobs at once, at `now`. */
  const allWorkersAt = async (now: number) => {
    const ran = await Promise.all(workers.map((worker) => worker.runDue(handlers, () => now)))
    return ran.reduce((sum, count) => sum + count, 0)
  }

  it('is queued once however many servers start, an hour after the first start', async () => {
    await Promise.all(workers.map((worker, index) => queueUploadCleanup(worker, index * 1000)))
    await queueUploadCleanup(workers[0]!, 5 * hour)
    expect(await row()).toEqual([
      {
        key: 'upload-cleanup',
        runAt: expect.any(Number),
        version: 0,
        claimedUntil: null,
        attempts: 0,
      },
    ])
    expect([hour, hour + 1000, hour + 2000]).toContain((await row())[0]!.runAt)
  })

  it('runs once per due time with three servers’ workers, an hour after its last run', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    runs = []
    await Promise.all(workers.map((worker) => queueUploadCleanup(worker, 0)))
    expect(await allWorkersAt(hour - 1)).toBe(0)
    for (let due = 1; due <= 4; due += 1) {
      expect(await allWorkersAt(due * hour)).toBe(1)
      // A server started meanwhile changes nothing.
      await queueUploadCleanup(workers[due % 3]!, due * hour + 1)
      expect(await allWorkersAt(due * hour + hour / 2)).toBe(0)
    }
    expect(runs).toEqual([hour, 2 * hour, 3 * hour, 4 * hour])
    expect(await row()).toMatchObject([{ runAt: 5 * hour, claimedUntil: null, attempts: 0 }])
  })

  it('is run by another server once a killed server’s claim runs out, and keeps its hours', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    runs = []
    await queueUploadCleanup(workers[0]!, 0)
    // A server claims the cleanup and is killed before it finishes: the row stays, claimed.
    expect(await workers[0]!.claim(hour)).toMatchObject({ key: 'upload-cleanup', attempts: 1 })
    expect(await allWorkersAt(hour + jobTiming.claimMs - 1)).toBe(0)
    const takenAt = hour + jobTiming.claimMs
    expect(await allWorkersAt(takenAt)).toBe(1)
    expect(runs).toEqual([takenAt])
    expect(await row()).toMatchObject([{ runAt: takenAt + hour, claimedUntil: null, attempts: 0 }])
  })
})
