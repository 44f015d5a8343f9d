// The lock on an upload across servers: two lockers on one database stand for two servers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, createUser, dialects, type TestApp } from '../../../tests/support/test-app'
import { createUploadLocker, type LockTimings } from './upload-locker'

const timings: LockTimings = { leaseMs: 400, renewMs: 50, retryMs: 10, acquireTimeoutMs: 2000 }

describe.each(dialects)('the upload lock on %s', (dialect) => {
  let t: TestApp
  let userId: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    userId = (await createUser(t.context)).id
  })
  afterAll(() => t.close())

  const newUpload = async (id: string) => {
    await t.context.uploads.create({ id, userId, originalName: `${id}.png` })
    return id
  }
  const servers = () => [
    createUploadLocker(t.context.uploads, timings),
    createUploadLocker(t.context.uploads, timings),
  ]
  const signal = () => new AbortController().signal

  it('lets one request at a time hold an upload, and asks the holder to let go', async () => {
    const id = await newUpload('contended')
    const [one, two] = servers()
    const first = one!.newLock(id)
    // The holder's request is cancelled when another waits; tus then unlocks.
    const cancelFirst = vi.fn(() => void first.unlock())
    await first.lock(signal(), cancelFirst)
    let secondHeld = false
    const second = two!.newLock(id)
    const waiting = second.lock(signal(), () => undefined).then(() => (secondHeld = true))
    await vi.waitFor(() => expect(cancelFirst).toHaveBeenCalled())
    await waiting
    expect(secondHeld).toBe(true)
    await second.unlock()
  })

  it('waits while the holder works, then takes the lock once it is let go', async () => {
    const id = await newUpload('busy')
    const [one, two] = servers()
    const first = one!.newLock(id)
    await first.lock(signal(), () => undefined)
    let secondHeld = false
    const second = two!.newLock(id)
    const waiting = second.lock(signal(), () => undefined).then(() => (secondHeld = true))
    // The holder keeps renewing; the other waits past the lease.
    await new Promise((resolve) => setTimeout(resolve, timings.leaseMs * 2))
    expect(secondHeld).toBe(false)
    await first.unlock()
    await waiting
    expect(secondHeld).toBe(true)
    await second.unlock()
  })

  it('takes the lock of a server that died once its lease is over', async () => {
    const id = await newUpload('orphaned')
    const now = Date.now()
    // A holder that will never renew nor unlock: its process is gone.
    expect(await t.context.uploads.takeLock(id, 'dead server', now, now + timings.leaseMs)).toBe(
      'taken',
    )
    const started = Date.now()
    const lock = servers()[0]!.newLock(id)
    await lock.lock(signal(), () => undefined)
    expect(Date.now() - started).toBeGreaterThanOrEqual(timings.leaseMs - 50)
    await lock.unlock()
  })

  it('gives up after its timeout, and grants a lock on an upload that does not exist', async () => {
    const id = await newUpload('stuck')
    const far = Date.now() + 60_000
    expect(await t.context.uploads.takeLock(id, 'someone', Date.now(), far)).toBe('taken')
    const quick = createUploadLocker(t.context.uploads, { ...timings, acquireTimeoutMs: 100 })
    await expect(quick.newLock(id).lock(signal(), () => undefined)).rejects.toMatchObject({
      status_code: 500,
    })
    await quick.newLock('missing').lock(signal(), () => undefined)
  })
})
