// The server's resident set, sampled every second through the soak (/proc/<pid>/status, Linux),
// and the figures the leak criterion compares: after the warm-up and at the end.
import { readMemory } from '../bench/memory.js'

export interface RssSample {
  /** since the load started */
  atMs: number
  rssMb: number
}

export interface RssFigures {
  /** the median of the samples in the 5 s up to the end of the warm-up */
  afterWarmupMb: number
  /** the median of the samples in the last 5 s before the time was up */
  endMb: number
  /** endMb / afterWarmupMb */
  ratio: number
  peakMb: number
  /** every sample: [seconds since the load started, MB] */
  samples: [number, number][]
}

/** The medians take out a single sample caught in the middle of a garbage collection. */
const windowMs = 5_000

export function sampleRss(pid: number, intervalMs = 1_000): { stop(): RssSample[] } {
  const started = performance.now()
  const samples: RssSample[] = []
  const sample = () =>
    samples.push({ atMs: performance.now() - started, rssMb: readMemory(pid).rssMb })
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      return samples
    },
  }
}

/** `endMs`: when the workers started no more operations (those under way still finish). */
export function rssFigures(samples: RssSample[], warmupMs: number, endMs: number): RssFigures {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  const before = (atMs: number) => {
    const inWindow = samples.filter((s) => s.atMs > atMs - windowMs && s.atMs <= atMs)
    return median((inWindow.length > 0 ? inWindow : samples.slice(0, 1)).map((s) => s.rssMb))
  }
  const afterWarmupMb = before(warmupMs)
  const endMb = before(endMs)
  return {
    afterWarmupMb,
    endMb,
    ratio: endMb / afterWarmupMb,
    peakMb: Math.max(...samples.map((s) => s.rssMb)),
    samples: samples.map((s) => [Math.round(s.atMs / 100) / 10, Math.round(s.rssMb * 10) / 10]),
  }
}
