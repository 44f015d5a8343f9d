// The wait between two slices of load ends when the server stops spending CPU, and not before.
import { describe, expect, it } from 'vitest'
import { waitUntilIdle } from './cpu'

/** A process's CPU seconds that grow by a tenth of a second at each of its first `busyReads` reads. */
function cpuThatSettles(busyReads: number) {
  let reads = 0
  return {
    read: async () => 0.1 * Math.min(++reads, busyReads + 1),
    reads: () => reads,
  }
}

describe('waitUntilIdle', () => {
  it('keeps waiting while the CPU time grows and returns once it stands still', async () => {
    const cpu = cpuThatSettles(4)
    await waitUntilIdle(cpu.read, { windowMs: 1 })
    // Four reads that grew, then the first one that did not.
    expect(cpu.reads()).toBe(6)
  })

  it('gives up after its longest wait when the CPU time never stands still', async () => {
    const cpu = cpuThatSettles(Number.POSITIVE_INFINITY)
    const started = performance.now()
    await waitUntilIdle(cpu.read, { windowMs: 5, maxMs: 60 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(60)
    expect(cpu.reads()).toBeGreaterThan(2)
  })
})
