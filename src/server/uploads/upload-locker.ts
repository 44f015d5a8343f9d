// tus' lock on an upload when any server may take its requests (STORAGE=s3): a lease in the
// upload's row, so two requests for one upload never write at once, on one server or two
// (decision 015). tus' own locker is per process.
import { setTimeout as delay } from 'node:timers/promises'
import { ERRORS, type Lock, type Locker } from '@tus/utils'
import { newId } from '../ids.js'
import type { UploadQueries } from './uploads.queries.js'

export interface LockTimings {
  /** How long a lock outlives its server: a crashed server's upload goes on after this. */
  leaseMs: number
  /** How often the holder extends its lease, and looks whether another request waits. */
  renewMs: number
  /** How often a waiting request tries again. */
  retryMs: number
  /** How long a request waits for the lock before tus responds with an error. */
  acquireTimeoutMs: number
}

export const lockTimings: LockTimings = {
  leaseMs: 10_000,
  renewMs: 1_000,
  retryMs: 100,
  acquireTimeoutMs: 30_000,
}

export function createUploadLocker(
  uploads: Pick<UploadQueries, 'takeLock' | 'renewLock' | 'releaseLock'>,
  timings: LockTimings = lockTimings,
): Locker {
  return { newLock: (id) => newLock(id) }

  function newLock(id: string): Lock {
    const holder = newId()
    let held = false
    let askedToLetGo = false
    let renewal: NodeJS.Timeout | undefined

    // A request that waits for the lock marks the row; the holder sees it here and is asked to let
    // go, as tus' own locker does: the waiting one is usually the client's retry of a stalled
    // request. The lease is still renewed until it does: its writes may be under way.
    const renewSoon = (requestRelease: () => unknown) => {
      renewal = setTimeout(async () => {
        const renewed = await uploads
          .renewLock(id, holder, Date.now() + timings.leaseMs)
          .catch(() => undefined)
        if (!held) return
        if ((!renewed || renewed.wanted) && !askedToLetGo) {
          askedToLetGo = true
          void requestRelease()
        }
        renewSoon(requestRelease)
      }, timings.renewMs)
      renewal.unref()
    }

    return {
      async lock(signal, requestRelease) {
        const giveUpAt = Date.now() + timings.acquireTimeoutMs
        for (;;) {
          const now = Date.now()
          const lock = await uploads.takeLock(id, holder, now, now + timings.leaseMs)
          // 'absent': no such upload, nothing to guard; tus responds 404 itself.
          if (lock === 'absent') return
          if (lock === 'taken') break
          if (now >= giveUpAt || signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT
          await delay(timings.retryMs)
        }
        held = true
        renewSoon(requestRelease)
      },
      async unlock() {
        clearTimeout(renewal)
        if (!held) return
        held = false
        await uploads.releaseLock(id, holder)
      },
    }
  }
}
