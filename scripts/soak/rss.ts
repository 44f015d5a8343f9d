// The server's resident set, sampled every second through the soak (/proc/<pid>/status, Linux),
// and the figures the leak criterion compares: after the warm-up and at the end.
import { readMemory } from '../bench/memory.js'

export interface RssSample {
  /** since the load started */
  atMs: number
  rssMb: number
}

export interface RssFigures {
  /** the median of the samples in the minute after the warm-up */
  afterWarmupMb: number
  /** the median of the samples in the last minute before the time was up */
  endMb: number
  /** endMb / afterWarmupMb */
  ratio: number
  peakMb: number
  /** every sample: [seconds since the load started, MB] */
  samples: [number, number][]
}

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

/**
 * Medians over a window, not single samples: the RSS saws up and down as external memory
 * (upload buffers) piles up between V8's major collections, a minute or two apart under load, so
 * two samples would compare a trough with a peak by chance. The windows are a minute long (shorter
 * when the run leaves no room): the first right after the warm-up, the last ending at `endMs`, when
 * the workers started no more operations (those under way still finish).
 */
export function rssFigures(samples: RssSample[], warmupMs: number, endMs: number): RssFigures {
  const windowMs = Math.min(60_000, (endMs - warmupMs) / 2)
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  const within = (fromMs: number, toMs: number) => {
    const inWindow = samples.filter((s) => s.atMs > fromMs && s.atMs <= toMs)
    return median((inWindow.length > 0 ? inWindow : samples.slice(0, 1)).map((s) => s.rssMb))
  }
  const afterWarmupMb = within(warmupMs, warmupMs + windowMs)
  const endMb = within(endMs - windowMs, endMs)
  return {
    afterWarmupMb,
    endMb,
    ratio: endMb / afterWarmupMb,
    peakMb: Math.max(...samples.map((s) => s.rssMb)),
    samples: samples.map((s) => [Math.round(s.atMs / 100) / 10, Math.round(s.rssMb * 10) / 10]),
  }
}
