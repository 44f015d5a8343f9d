// The soak's summary for people: responses by request kind and status class, the RSS, the machine's
// load, the server's error lines and each criterion with PASS or FAIL.
import { statusClasses, type KindTotals } from './recorder.js'
import { countOf, type SoakResult } from './run.js'

/** The responses by request kind and status class, with latencies, and a last row for all. */
export function requestTable(requests: Record<string, KindTotals>): string[] {
  const header = ['request', 'total', ...statusClasses, 'p50 ms', 'p99 ms', 'max ms']
  const rows = Object.entries(requests)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, totals]) => [
      kind,
      String(totals.requests),
      ...statusClasses.map((type) => String(totals.classes[type])),
      String(totals.p50Ms),
      String(totals.p99Ms),
      String(totals.maxMs),
    ])
  const total = Object.values(requests).reduce((sum, totals) => sum + totals.requests, 0)
  rows.push(['all', String(total), ...statusClasses.map((type) => String(countOf(requests, type)))])
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
  return [line(header), ...rows.map(line)]
}

export function formatReport(result: SoakResult): string {
  const { settings, requests } = result
  const total = Object.values(requests).reduce((sum, totals) => sum + totals.requests, 0)
  const operations = Object.entries(result.operations)
    .map(([name, { done, failed }]) => `${name} ${done}${failed ? ` (+${failed} failed)` : ''}`)
    .join(', ')
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ')
  const seconds = result.durationMs / 1000
  return [
    `Soak: ${settings.connections} connections for ${seconds.toFixed(0)} s (seed ${settings.seed}), ` +
      `${(total / seconds).toFixed(0)} requests/s, ${result.usersCreated} users`,
    `Load average (1 5 15 min): before ${load(result.loadAverage.before)}, after ${load(result.loadAverage.after)}`,
    '',
    ...requestTable(requests),
    '',
    `Operations: ${operations}`,
    `RSS (window medians): after the ${settings.warmupSeconds} s warm-up ${result.rss.afterWarmupMb.toFixed(1)} MB, at the end ${result.rss.endMb.toFixed(1)} MB ` +
      `(ratio ${result.rss.ratio.toFixed(3)}), peak ${result.rss.peakMb.toFixed(1)} MB, ${result.rss.samples.length} samples`,
    ...Object.entries(requests).flatMap(([kind, totals]) =>
      totals.failures.map((failure) => `  ${kind}: ${failure}`),
    ),
    ...result.errorLines.slice(0, 20).map((errorLine) => `  server: ${errorLine}`),
    '',
    ...result.criteria.map((criterion) => {
      const verdict = !criterion.judged ? 'INFO' : criterion.pass ? 'PASS' : 'FAIL'
      return `${verdict}  ${criterion.name}: ${criterion.value}`
    }),
  ].join('\n')
}
