// The response cache alone: used while the version holds, read again when it moves, bounded in size.
import { describe, expect, it } from 'vitest'
import { createResponseCache, sharedReads } from './response-cache'

function setup(maxBytes?: number) {
  let version = 'v1'
  const reads: string[] = []
  const cache = createResponseCache({ currentVersion: async () => version, maxBytes })
  /** Asks the cache for `key`; a read, if it makes one, finds `value` at `readVersion` (null: none). */
  const read = (key: string, value: unknown, readVersion: string | null = version) =>
    cache.get(key, async () => {
      reads.push(key)
      return { value, version: readVersion ?? undefined }
    })
  return { cache, reads, read, setVersion: (next: string) => (version = next) }
}

describe('response cache', () => {
  it('gives the cached response while the version is the one it was read at', async () => {
    const { reads, read } = setup()
    expect((await read('page a', { items: [1] }))?.text).toBe('{"items":[1]}')
    expect((await read('page a', { items: ['not read'] }))?.text).toBe('{"items":[1]}')
    expect(reads).toEqual(['page a'])
  })

  it('reads again once the version has moved, and keeps the new response', async () => {
    const { reads, read, setVersion } = setup()
    await read('page a', { items: [1] })
    setVersion('v2')
    expect((await read('page a', { items: [2] }))?.text).toBe('{"items":[2]}')
    expect((await read('page a', { items: ['not read'] }))?.text).toBe('{"items":[2]}')
    expect(reads).toEqual(['page a', 'page a'])
  })

  it('keys a response by the version its own read saw', async () => {
    const { reads, read } = setup()
    // The read ran after a write that the version check before it had not seen.
    await read('page a', { items: [1] }, 'v2')
    await read('page a', { items: [2] })
    expect(reads).toEqual(['page a', 'page a'])
  })

  it('keeps nothing that was read without a version, and returns undefined for nothing found', async () => {
    const { cache, reads, read } = setup()
    expect((await read('page empty', { items: [] }, null))?.text).toBe('{"items":[]}')
    expect(await read('listing gone', undefined, null)).toBeUndefined()
    await read('page empty', { items: [] }, null)
    expect(reads).toEqual(['page empty', 'listing gone', 'page empty'])
    expect(cache.size().responses).toBe(0)
  })

  it('drops the least recently used responses beyond its size', async () => {
    // Each response below weighs 2 × 13 bytes of JSON: three fit in 80 bytes, four do not.
    const { cache, reads, read } = setup(80)
    for (const key of ['k1', 'k2', 'k3']) await read(key, { n: key.padEnd(5) })
    await read('k1', { n: 'k1   ' })
    await read('k4', { n: 'k4   ' })
    expect(cache.size()).toEqual({ responses: 3, bytes: 78 })
    reads.length = 0
    for (const key of ['k1', 'k3', 'k4', 'k2']) await read(key, { n: key.padEnd(5) })
    expect(reads).toEqual(['k2'])
  })
})

describe('shared version reads', () => {
  /** A read that ends when the test says so, and returns the value `source` has when it starts. */
  function controlledReads() {
    let source = 1
    const started: number[] = []
    const finishers: (() => void)[] = []
    const read = sharedReads(
      () =>
        new Promise<number>((resolve) => {
          const seen = source
          started.push(seen)
          finishers.push(() => resolve(seen))
        }),
    )
    const finishNext = async () => {
      finishers.shift()!()
      // Let the settled read hand over to the one queued behind it.
      await new Promise((resolve) => setImmediate(resolve))
    }
    return { read, started, finishNext, setSource: (value: number) => (source = value) }
  }

  it('lets callers that come while a read runs share the next one, begun after they came', async () => {
    const { read, started, finishNext, setSource } = controlledReads()
    const first = read()
    setSource(2)
    const waiting = [read(), read(), read()]
    expect(started).toEqual([1])
    await finishNext()
    expect(await first).toBe(1)
    // One read for the three, started after the first ended, so after they all asked.
    expect(started).toEqual([1, 2])
    await finishNext()
    expect(await Promise.all(waiting)).toEqual([2, 2, 2])
  })

  it('starts a read of its own for a caller that finds none running', async () => {
    const { read, started, finishNext, setSource } = controlledReads()
    const first = read()
    await finishNext()
    setSource(3)
    const second = read()
    expect(started).toEqual([1, 3])
    await finishNext()
    expect([await first, await second]).toEqual([1, 3])
  })

  it('reads again for callers that waited behind a read that failed', async () => {
    let calls = 0
    let failFirst: (error: Error) => void = () => {}
    const read = sharedReads(() => {
      calls += 1
      return calls === 1
        ? new Promise<number>((_, reject) => (failFirst = reject))
        : Promise.resolve(calls)
    })
    const first = read()
    const second = read()
    failFirst(new Error('database away'))
    await expect(first).rejects.toThrow('database away')
    expect(await second).toBe(2)
  })
})
