import { describe, expect, it } from 'vitest'
import { createFairQueue } from './fair-queue'

/** Tasks that run until released, recording the order they started in. */
function controlledTasks() {
  const started: string[] = []
  const releases = new Map<string, () => void>()
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name)
      releases.set(name, () => resolve(name))
    })
  const release = async (name: string) => {
    releases.get(name)!()
    // the queue starts the next task once the released one's promise has settled
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { started, task, release }
}

describe('createFairQueue', () => {
  it('runs one task per key at a time, taking the waiting keys in turn', async () => {
    const queue = createFairQueue(2)
    const { started, task, release } = controlledTasks()
    // One account queues four big images before anyone else.
    const results = ['a1', 'a2', 'a3', 'a4'].map((name) => queue('a', task(name)))
    results.push(queue('b', task('b1')), queue('c', task('c1')), queue('b', task('b2')))
    await expect.poll(() => started).toEqual(['a1', 'b1'])
    await release('b1')
    expect(started).toEqual(['a1', 'b1', 'c1'])
    // Round and round: a, b, c, then a again, and b2 before a3.
    await release('a1')
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2'])
    await release('c1')
    expect(started.at(-1)).toBe('b2')
    await release('a2')
    expect(started.at(-1)).toBe('a3')
    for (const name of ['b2', 'a3', 'a4']) await release(name)
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2'])
  })

  it('passes errors on and goes on with the next task', async () => {
    const queue = createFairQueue(1)
    const failing = queue('a', () => Promise.reject(new Error('broken image')))
    await expect(failing).rejects.toThrow('broken image')
    expect(await queue('a', () => Promise.resolve('next'))).toBe('next')
  })
})
