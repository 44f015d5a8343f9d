import { describe, expect, it } from 'vitest'
import { createKeyedQueue } from './keyed-queue'

describe('createKeyedQueue', () => {
  it('runs one key’s tasks one after another, in order, even after a failure', async () => {
    const inTurn = createKeyedQueue()
    const log: string[] = []
    let running = 0
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1
        expect(running).toBe(1)
        await new Promise((resolve) => setImmediate(resolve))
        log.push(name)
        running -= 1
        if (fail) throw new Error(name)
        return name
      }
    const results = await Promise.allSettled([
      inTurn('a', task('first')),
      inTurn('a', task('second', true)),
      inTurn('a', task('third')),
    ])
    expect(log).toEqual(['first', 'second', 'third'])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  })

  it('does not hold up other keys', async () => {
    const inTurn = createKeyedQueue()
    let release!: () => void
    const blocked = inTurn('a', () => new Promise<void>((resolve) => (release = resolve)))
    await expect(inTurn('b', async () => 'b ran')).resolves.toBe('b ran')
    release()
    await blocked
  })
})
