// At most a few images are decoded at once: each takes tens of megabytes while sharp works on it.

export function createLimiter(concurrency: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
