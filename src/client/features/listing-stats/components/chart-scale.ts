// The statistics chart's scales: round numbers for the counts' gridlines, and which days get a
// date under the chart.

/**
 * Gridlines at round steps (1, 2 or 5 times a power of ten) from 0 to at least `max`, at most
 * `maxTicks` + 1 of them. Counts are whole numbers, so a step is never below 1.
 */
export function countScale(max: number, maxTicks = 4): { top: number; ticks: number[] } {
  const rough = Math.max(max, 1) / maxTicks
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((s) => s >= rough)!,
  )
  const top = Math.max(step, Math.ceil(max / step) * step)
  const ticks: number[] = []
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick)
  return { top, ticks }
}

/**
 * The days (their indexes) that get a date under the chart: the last one, today, and every
 * `step`-th one before it, `step` chosen so that about `maxLabels` fit.
 */
export function dayTicks(dayCount: number, maxLabels: number): number[] {
  if (dayCount <= 0) return []
  const step = Math.max(1, Math.ceil(dayCount / maxLabels))
  const ticks: number[] = []
  for (let index = dayCount - 1; index >= 0; index -= step) ticks.unshift(index)
  return ticks
}
