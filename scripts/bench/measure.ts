// One size's measurements: the ceiling and every target take turns in short slices, round after
// round, so that drift in the machine's load (other processes) falls on all of them alike.
import type { UserAgents } from './load.js'
import { runLoad, type LoadSlice } from './load.js'
import { readCpuSeconds, waitUntilIdle } from './cpu.js'
import type { DatabaseCpu } from './database-cpu.js'
import { readMemory, sampleRss } from './memory.js'
import type { BenchSettings } from './settings.js'
import type { Target } from './targets.js'

/** A process under load: the server or the ceiling. */
export interface RunningProcess {
  origin: string
  pid: number
  stop(): Promise<void>
}

export interface Measure {
  name: string
  path: string
  requestsPerSecond: number
  /**
   * requests/s ÷ the ceiling's, taken round by round (each round's slices run back to back) and
   * the median kept, so that a burst of load from elsewhere during one slice does not decide it
   */
  ratio: number
  p50Ms: number
  p99Ms: number
  /**
   * CPU time (user and system) spent per response by the responding process and, with PostgreSQL on
   * this machine, by the database's backends. Other processes' load changes requests/s much more
   * than it changes this.
   */
  cpuPerRequestUs: number
  /** the ceiling's CPU time per response ÷ this target's: like `ratio`, 1 is as cheap as Node gets */
  cpuRatio: number
  non2xx: number
  errors: number
  /** largest resident set of the responding process while this target ran */
  rssMaxMb: number
}

export interface BlockMeasures {
  ceiling: Measure
  targets: Measure[]
  /** the server's peak resident set over its whole life (VmHWM), seeding excluded */
  serverHwmMb: number
}

interface Runner {
  name: string
  path: string
  headers: Record<string, string>
  uncached?: boolean
  userAgents?: UserAgents
  process: RunningProcess
  slices: LoadSlice[]
  cpuSeconds: number
  rssMaxMb: number
}

export async function measureBlock(options: {
  server: RunningProcess
  ceiling: RunningProcess
  targets: Target[]
  settings: BenchSettings
  /** the server's database backends, counted into the server's CPU time (PostgreSQL) */
  database?: DatabaseCpu
}): Promise<BlockMeasures> {
  const { server, ceiling, targets, settings, database } = options
  const cpuOf = async (process: RunningProcess) =>
    readCpuSeconds(process.pid) + (process === server && database ? await database.cpuSeconds() : 0)
  const first = targets[0]!
  const runner = (target: Target, name: string, process: RunningProcess): Runner => ({
    ...target,
    name,
    process,
    slices: [],
    cpuSeconds: 0,
    rssMaxMb: 0,
  })
  const ceilingRunner = runner(first, 'ceiling', ceiling)
  const runners = [ceilingRunner, ...targets.map((target) => runner(target, target.name, server))]
  const slice = (runner: Runner, seconds: number) =>
    runLoad({
      url: runner.process.origin + runner.path,
      headers: runner.headers,
      uncached: runner.uncached,
      userAgents: runner.userAgents,
      seconds,
      connections: settings.connections,
    })

  if (settings.warmupSeconds > 0) {
    for (const runner of runners) {
      await slice(runner, settings.warmupSeconds)
      await waitUntilIdle(() => cpuOf(runner.process))
    }
  }
  const sliceSeconds = Math.max(1, Math.round(settings.durationSeconds / settings.rounds))
  for (let round = 0; round < settings.rounds; round++) {
    for (const runner of runners) {
      const { pid } = runner.process
      const rss = sampleRss(pid)
      const cpuBefore = await cpuOf(runner.process)
      runner.slices.push(await slice(runner, sliceSeconds))
      // The requests cut off at the slice's end are this target's work, and not the next one's.
      await waitUntilIdle(() => cpuOf(runner.process))
      runner.cpuSeconds += (await cpuOf(runner.process)) - cpuBefore
      runner.rssMaxMb = Math.max(runner.rssMaxMb, rss.stop())
    }
  }

  const [ceilingMeasure, ...targetMeasures] = runners.map((runner) =>
    summarize(runner, ceilingRunner),
  )
  return {
    ceiling: ceilingMeasure!,
    targets: targetMeasures,
    serverHwmMb: readMemory(server.pid).hwmMb,
  }
}

const rate = (slice: LoadSlice) => slice.ok / (slice.elapsedMs / 1000)

function summarize(runner: Runner, ceiling: Runner): Measure {
  const latencies = runner.slices.flatMap((slice) => slice.latenciesMs).sort((a, b) => a - b)
  const sum = (pick: (slice: LoadSlice) => number) =>
    runner.slices.reduce((total, slice) => total + pick(slice), 0)
  const roundRatios = runner.slices.map(
    (slice, round) => rate(slice) / rate(ceiling.slices[round]!),
  )
  const cpuPerRequest = (of: Runner) =>
    of.cpuSeconds / of.slices.reduce((total, slice) => total + slice.ok, 0)
  return {
    name: runner.name,
    path: runner.path,
    requestsPerSecond: sum((slice) => slice.ok) / (sum((slice) => slice.elapsedMs) / 1000),
    ratio: median(roundRatios),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    cpuPerRequestUs: cpuPerRequest(runner) * 1e6,
    cpuRatio: cpuPerRequest(ceiling) / cpuPerRequest(runner),
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
    rssMaxMb: runner.rssMaxMb,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!
}
