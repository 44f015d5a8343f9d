// The benchmark's settings, from the environment: sizes, durations, and the optional PostgreSQL server.
import path from 'node:path'

/** The parts of the bench: the listing sizes' blocks, and the messaging block. */
export const benchParts = ['listings', 'messaging'] as const
export type BenchPart = (typeof benchParts)[number]

export interface BenchSettings {
  /** which parts run (BENCH_PARTS): both by default */
  parts: BenchPart[]
  /** listing counts, one fresh database each */
  sizes: number[]
  /** measured seconds per target and size, split into `rounds` slices that take turns */
  durationSeconds: number
  rounds: number
  /** unmeasured seconds per target before the first round */
  warmupSeconds: number
  connections: number
  /** a PostgreSQL server on which the bench creates (and drops) one database per size */
  postgresUrl: string | undefined
  /** the server to measure: dist/server/main.js unless BENCH_SERVER names another build */
  serverMain: string | undefined
}

export function readSettings(env: Record<string, string | undefined> = process.env): BenchSettings {
  return {
    parts: readParts(env.BENCH_PARTS),
    sizes: readList('BENCH_SIZES', env.BENCH_SIZES, [1_000, 10_000, 100_000]),
    durationSeconds: readNumber('BENCH_DURATION', env.BENCH_DURATION, 8),
    rounds: readNumber('BENCH_ROUNDS', env.BENCH_ROUNDS, 4),
    warmupSeconds: readNumber('BENCH_WARMUP', env.BENCH_WARMUP, 1, 0),
    connections: readNumber('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS, 50),
    postgresUrl: env.BENCH_DATABASE_URL?.trim() || undefined,
    serverMain: env.BENCH_SERVER?.trim() ? path.resolve(env.BENCH_SERVER.trim()) : undefined,
  }
}

function readNumber(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not '${value}'`)
  }
  return number
}

function readList(name: string, value: string | undefined, fallback: number[]): number[] {
  if (value === undefined || value.trim() === '') return fallback
  return value.split(',').map((item) => readNumber(name, item.replace(/_/g, ''), 0))
}

function readParts(value: string | undefined): BenchPart[] {
  if (value === undefined || value.trim() === '') return [...benchParts]
  return value.split(',').map((part) => {
    const name = part.trim() as BenchPart
    if (!benchParts.includes(name)) {
      throw new Error(`BENCH_PARTS lists ${benchParts.join(' and ')}, not '${part}'`)
    }
    return name
  })
}
