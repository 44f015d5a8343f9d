/** Runs tasks with the same key one after another; tasks with other keys are not held up. */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>()
  return function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(task)
    const tail = run.catch(() => undefined)
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return run
  }
}
