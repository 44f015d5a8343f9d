import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter'

describe('createLimiter', () => {
  it('runs at most N tasks at once, all of them in the end, and passes results and errors on', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const releases: (() => void)[] = []
    const task = (value: number) => () =>
      new Promise<number>((resolve) => {
        running++
        most = Math.max(most, running)
        releases.push(() => {
          running--
          resolve(value)
        })
      })
    const results = [1, 2, 3, 4].map((value) => limit(task(value)))
    const failing = limit(() => Promise.reject(new Error('broken image'))).then(
      () => 'resolved',
      (error: Error) => error.message,
    )
    await expect.poll(() => releases.length).toBe(2)
    expect(running).toBe(2)
    while (releases.length) {
      releases.shift()!()
      await Promise.resolve()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4])
    expect(await failing).toBe('broken image')
    expect(most).toBe(2)
  })
})
