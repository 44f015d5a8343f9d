/** Runs at most `concurrency` tasks at once; the others wait their turn, first come first run. */
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
