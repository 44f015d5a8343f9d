/**
 * Runs at most `concurrency` tasks at once and at most one per key (an account), taking the waiting
 * keys in turn: one key with many tasks waits behind itself, never in front of the others.
 */
export function createFairQueue(concurrency: number) {
  // A Map keeps the order keys were added in: a key that got a turn goes to the back.
  const waiting = new Map<string, (() => void)[]>()
  const runningKeys = new Set<string>()

  function startNext() {
    for (const [key, starts] of waiting) {
      if (runningKeys.size >= concurrency) return
      if (runningKeys.has(key)) continue
      waiting.delete(key)
      const start = starts.shift()!
      if (starts.length > 0) waiting.set(key, starts)
      runningKeys.add(key)
      start()
    }
  }

  return async function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      const starts = waiting.get(key)
      if (starts) starts.push(resolve)
      else waiting.set(key, [resolve])
      startNext()
    })
    try {
      return await task()
    } finally {
      runningKeys.delete(key)
      startNext()
    }
  }
}

export type FairQueue = ReturnType<typeof createFairQueue>
