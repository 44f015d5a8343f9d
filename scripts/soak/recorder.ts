// Counts the soak's responses by request kind and status class, with latencies and a few samples of
// the responses that were not 2xx or 3xx, so a failure says what it was.
export const statusClasses = ['2xx', '3xx', '4xx', '5xx', 'network'] as const
export type StatusClass = (typeof statusClasses)[number]

export interface KindTotals {
  requests: number
  classes: Record<StatusClass, number>
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** up to `failureSamples` responses that were 4xx, 5xx or no response at all, with when they came */
  failures: string[]
}

const failureSamples = 5

interface KindRecord {
  classes: Record<StatusClass, number>
  latenciesMs: number[]
  failures: string[]
}

/** 'network' when no response came (refused, reset, timed out). */
export function statusClass(status: number | 'network'): StatusClass {
  if (status === 'network') return 'network'
  return `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as StatusClass
}

export class Recorder {
  private readonly kinds = new Map<string, KindRecord>()
  private readonly started = performance.now()

  record(kind: string, status: number | 'network', latencyMs: number, detail: string): void {
    let record = this.kinds.get(kind)
    if (!record) {
      const classes = Object.fromEntries(statusClasses.map((c) => [c, 0])) as KindRecord['classes']
      record = { classes, latenciesMs: [], failures: [] }
      this.kinds.set(kind, record)
    }
    const type = statusClass(status)
    record.classes[type] += 1
    record.latenciesMs.push(latencyMs)
    if (type !== '2xx' && type !== '3xx' && record.failures.length < failureSamples) {
      const at = ((performance.now() - this.started) / 1000).toFixed(1)
      record.failures.push(`at ${at} s: ${status} ${detail}`.slice(0, 300))
    }
  }

  totals(): Record<string, KindTotals> {
    return Object.fromEntries(
      [...this.kinds].map(([kind, record]) => {
        const sorted = [...record.latenciesMs].sort((a, b) => a - b)
        const at = (share: number) =>
          Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!)
        return [
          kind,
          {
            requests: sorted.length,
            classes: record.classes,
            p50Ms: at(0.5),
            p99Ms: at(0.99),
            maxMs: Math.round(sorted.at(-1)!),
            failures: record.failures,
          },
        ]
      }),
    )
  }
}
