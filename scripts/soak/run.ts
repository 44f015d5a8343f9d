// One soak against a running server: the starting listings, the load with the server's RSS sampled
// every second, and the verdict on the criteria in docs/reliability.md.
import os from 'node:os'
import { seedDemo } from '../../src/server/seed/seed.js'
import type { Listing, ListingPage } from '../../src/shared/listing.js'
import {
  withAppContext,
  type Exit,
  type ServerProcess,
} from '../../tests/support/server-process.js'
import { createSend } from './http.js'
import { sampleImages } from './images.js'
import { Recorder, type KindTotals, type StatusClass } from './recorder.js'
import { rssFigures, sampleRss, type RssFigures } from './rss.js'
import { errorLines } from './server-log.js'
import { UserPool } from './users.js'
import { runWorkload, type OperationCounts } from './workload.js'

export interface SoakSettings {
  seconds: number
  /** how long the RSS takes to settle: its figure "after warm-up" is taken from then on */
  warmupSeconds: number
  connections: number
  /** demo listings (with generated images) in the database before the server starts */
  listings: number
  seed: number
  /** whether the server has its built client, so HTML pages can be asked for (servesPages) */
  pages: boolean
}

export interface LoadResult {
  settings: SoakSettings
  durationMs: number
  /** the 1, 5 and 15 minute load averages of the machine, before and after */
  loadAverage: { before: number[]; after: number[] }
  requests: Record<string, KindTotals>
  operations: OperationCounts
  usersCreated: number
  rss: RssFigures
}

export interface Criterion {
  id: 'no5xx' | 'allResponded' | 'no4xx' | 'quietLog' | 'rss' | 'cleanStop'
  name: string
  value: string
  pass: boolean
  /** false for a figure that is only reported at this size (the RSS of a short run) */
  judged: boolean
}

export interface SoakResult extends LoadResult {
  serverExit: Exit
  errorLines: string[]
  criteria: Criterion[]
  passed: boolean
}

/** The RSS at the end may be at most this many times the RSS after the warm-up. */
export const rssRatioLimit = 1.1
const writeShare = 0.1

/** Adds the starting listings, with the server down, through the app's own demo seeder. */
export async function seedCatalogue(env: Record<string, string>, listings: number): Promise<void> {
  await withAppContext(env, (context) => seedDemo(context, { users: 3, listings }))
}

/** Drives `settings.connections` workers at the server for `settings.seconds`. */
export async function driveLoad(
  server: ServerProcess,
  env: Record<string, string>,
  settings: SoakSettings,
): Promise<LoadResult> {
  return withAppContext(env, async (context) => {
    const users = new UserPool(context, Math.ceil(settings.connections / 5))
    await users.fill()
    const [catalogue, images] = await Promise.all([allListings(server.url), sampleImages()])
    const recorder = new Recorder()
    const loadAverageBefore = os.loadavg()
    const rss = sampleRss(server.child.pid!)
    const started = performance.now()
    const operations = await runWorkload({
      send: createSend(server.url, recorder),
      users,
      images,
      catalogue,
      connections: settings.connections,
      until: Date.now() + settings.seconds * 1000,
      seed: settings.seed,
      pages: settings.pages,
      writeShare,
    })
    const durationMs = performance.now() - started
    const samples = rss.stop()
    await users.settle()
    return {
      settings,
      durationMs: Math.round(durationMs),
      loadAverage: { before: loadAverageBefore, after: os.loadavg() },
      requests: recorder.totals(),
      operations,
      usersCreated: users.created,
      rss: rssFigures(samples, settings.warmupSeconds * 1000, settings.seconds * 1000),
    }
  })
}

/**
 * Whether the server serves pages: it has no client to serve before `npm run build` (and while
 * a build elsewhere has emptied dist/client when it started), and then says so with a 503.
 */
export async function servesPages(origin: string): Promise<boolean> {
  const response = await fetch(`${origin}/`)
  return !(response.status === 503 && (await response.text()).includes('not built'))
}

/** The listings present before the load: every read asks for one of them. */
export async function allListings(origin: string): Promise<Listing[]> {
  const listings: Listing[] = []
  let cursor: string | null = null
  do {
    const response = await fetch(
      `${origin}/api/listings?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    )
    if (!response.ok) throw new Error(`GET /api/listings responded ${response.status}`)
    const page = (await response.json()) as ListingPage
    listings.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  if (listings.length === 0) throw new Error('No listings to read: seed some first')
  return listings
}

export function countOf(requests: Record<string, KindTotals>, type: StatusClass): number {
  return Object.values(requests).reduce((sum, kind) => sum + kind.classes[type], 0)
}

/**
 * The verdict, once the server has stopped and its whole output is known. A short run reports the
 * RSS without judging it: its warm-up is not over.
 */
export function judge(
  load: LoadResult,
  server: { stdout: string; stderr: string; exit: Exit },
  options: { judgeRss: boolean } = { judgeRss: true },
): SoakResult {
  const lines = errorLines(server.stdout, server.stderr)
  const count = (type: StatusClass) => countOf(load.requests, type)
  const { ratio, afterWarmupMb, endMb } = load.rss
  const criteria: Omit<Criterion, 'judged'>[] = [
    { id: 'no5xx', name: '5xx responses', value: String(count('5xx')), pass: count('5xx') === 0 },
    {
      id: 'allResponded',
      name: 'requests without a response',
      value: String(count('network')),
      pass: count('network') === 0,
    },
    {
      id: 'no4xx',
      name: '4xx responses (the mix keeps within every limit)',
      value: String(count('4xx')),
      pass: count('4xx') === 0,
    },
    {
      id: 'quietLog',
      name: 'error lines in the server log',
      value: String(lines.length),
      pass: lines.length === 0,
    },
    {
      id: 'rss',
      name: `RSS at the end / after warm-up (at most ${rssRatioLimit})`,
      value: `${endMb.toFixed(0)} / ${afterWarmupMb.toFixed(0)} MB = ${ratio.toFixed(3)}`,
      pass: ratio <= rssRatioLimit,
    },
    {
      id: 'cleanStop',
      name: 'SIGTERM stops the server with exit code 0',
      value: JSON.stringify(server.exit),
      pass: server.exit.code === 0,
    },
  ]
  const judged = criteria.map((criterion) => ({
    ...criterion,
    judged: criterion.id !== 'rss' || options.judgeRss,
  }))
  return {
    ...load,
    serverExit: server.exit,
    errorLines: lines,
    criteria: judged,
    passed: judged.every((criterion) => criterion.pass || !criterion.judged),
  }
}
