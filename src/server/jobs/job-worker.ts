// Every server process runs one worker: it runs the due jobs, then looks again a moment later.
// Jobs are claimed in the database, so any number of workers share the queue without doubling.
import { isDatabaseUnavailable } from '../db/database.js'
import type { JobHandlers, JobQueue } from './job-queue.js'

export interface JobWorker {
  /** Stops looking for jobs; resolves once the job under way (if any) has finished. */
  stop(): Promise<void>
}

export function startJobWorker(
  queue: JobQueue,
  handlers: JobHandlers,
  options: { pollMs?: number; now?: () => number } = {},
): JobWorker {
  const { pollMs = 1000, now = Date.now } = options
  let stopped = false
  let wake: () => void = () => {}

  async function loop() {
    while (!stopped) {
      try {
        await queue.runDue(handlers, now, () => stopped)
      } catch (error) {
        // The database itself failed (not a job): one line, and the next look is soon anyway.
        if (isDatabaseUnavailable(error)) {
          console.warn(`Jobs wait for the database: ${(error as Error).message}`)
        } else console.error('The job worker failed:', error)
      }
      if (stopped) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  const running = loop()
  return {
    async stop() {
      stopped = true
      wake()
      await running
    },
  }
}
