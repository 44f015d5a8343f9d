// The stale-upload cleanup runs once an hour across all servers: one recurring job in the queue
// (docs/decisions/016-jobs-once-and-instance-names.md). Its row is never deleted, only moved an
// hour on after each run, so a server that dies holding it loses only its claim.
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js'

export const uploadCleanupJob = {
  key: 'upload-cleanup',
  kind: 'upload-cleanup',
  everyMs: 3600_000,
} as const

/**
 * Every server calls this at start; only the first start of a database queues the cleanup. Its
 * first run is an hour later: nothing in a new database is stale yet.
 */
export function queueUploadCleanup(jobs: JobQueue, now: number): Promise<void> {
  const { key, kind, everyMs } = uploadCleanupJob
  return jobs.enqueueIfAbsent({ key, kind, payload: null, runAt: now + everyMs }, now)
}

export function createUploadCleanupJobs(
  removeStaleUploads: (now: number) => Promise<number>,
): JobHandlers {
  return {
    async [uploadCleanupJob.kind](_payload, now) {
      const removed = await removeStaleUploads(now)
      // One line an hour for the whole cluster: the log of the server that ran it says so.
      console.info(`Upload cleanup: removed ${removed} stale uploads`)
      return { nextRunAt: now + uploadCleanupJob.everyMs }
    },
  }
}
