// The benchmark's outputs: the table on the terminal and bench/results.json.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Dialect } from '../../src/server/db/database.js'
import { checkBudgets, checkMessagingBudgets, searchScale, type BudgetCheck } from './budgets.js'
import { loadTimeoutSeconds } from './load.js'
import type { Measure } from './measure.js'
import type { MessagingBlockResult } from './messaging.js'
import type { SearchFacts } from './search-facts.js'
import type { SeedResult } from './seed.js'
import type { BenchSettings } from './settings.js'
import { deepSearchPage } from './targets.js'

export const resultsFile = fileURLToPath(new URL('../../bench/results.json', import.meta.url))
export const messagingResultsFile = fileURLToPath(
  new URL('../../bench/messaging.json', import.meta.url),
)

export interface BlockResult {
  dialect: Dialect
  listings: number
  seed: SeedResult
  deepPageReached: number
  /** what each search matches, and the statements one request of it sends */
  searches: SearchFacts[]
  /** whether the CPU columns include the database's backends (PostgreSQL on this machine) */
  databaseCpuCounted: boolean
  ceiling: Measure
  targets: Measure[]
  serverHwmMb: number
}

/**
 * A target's name in the table: `deep-uncached` is 'deep (page 500), uncached'. The searches are
 * all read each time, and keep their names.
 */
function label(name: string, deepPage: number): string {
  if (name === 'search-deep') return `search-deep (page ${deepSearchPage})`
  const uncached = name.endsWith('-uncached')
  const base = uncached ? name.slice(0, -'-uncached'.length) : name
  return `${base === 'deep' ? `deep (page ${deepPage})` : base}${uncached ? ', uncached' : ''}`
}

/** A figure, or a dash where a target had no response to measure. */
const figure = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '–'

export function formatTable(blocks: BlockResult[]): string {
  return formatSections(
    'listings',
    blocks.map((block) => ({
      ...block,
      size: block.listings.toLocaleString('en'),
      label: (name: string) => label(name, block.deepPageReached),
    })),
  )
}

/** The messaging block's table: the same columns, its targets' names as they are. */
export function formatMessagingTable(blocks: MessagingBlockResult[]): string {
  return formatSections(
    'seeded',
    blocks.map((block) => ({
      ...block,
      size: `${block.seed.conversations.toLocaleString('en')} conversations, ${block.seed.messages.toLocaleString('en')} messages`,
      label: (name: string) => name,
    })),
  )
}

interface TableSection {
  dialect: Dialect
  /** what the block's database holds, in the second column */
  size: string
  label(name: string): string
  ceiling: Measure
  targets: Measure[]
  serverHwmMb: number
  databaseCpuCounted: boolean
}

function formatSections(sizeTitle: string, sections: TableSection[]): string {
  const header = [
    'db',
    sizeTitle,
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    '× ceiling',
    'CPU µs/req',
    // The budgets' unit: this target's CPU per request ÷ the ceiling's, 1 for the ceiling itself.
    'CPU ÷ ceiling',
    'RSS MB',
  ]
  const rows: string[][] = []
  for (const block of sections) {
    for (const measure of [block.ceiling, ...block.targets]) {
      rows.push([
        block.dialect,
        block.size,
        block.label(measure.name),
        Math.round(measure.requestsPerSecond).toLocaleString('en'),
        figure(measure.p50Ms, 1),
        figure(measure.p99Ms, 1),
        measure.ratio.toFixed(2),
        figure(measure.cpuPerRequestUs, 0),
        figure(measure.cpuPerRequestUs / block.ceiling.cpuPerRequestUs, 2),
        Math.round(measure.rssMaxMb).toString(),
      ])
    }
    const peak = Math.round(block.serverHwmMb).toString()
    rows.push([block.dialect, block.size, 'server peak (VmHWM)', '', '', '', '', '', '', peak])
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
  const notes: string[] = sections
    .filter((block) => block.dialect === 'postgres')
    .slice(0, 1)
    .map((block) =>
      block.databaseCpuCounted
        ? 'CPU on postgres rows: the server and its PostgreSQL backends together.'
        : 'CPU on postgres rows: the server only (PostgreSQL is not on this machine).',
    )
  // Autocannon counts a request with no response within its timeout as an error; such a target's
  // latencies leave those requests out, so say how many there were.
  for (const block of sections) {
    for (const measure of block.targets) {
      if (measure.errors + measure.non2xx === 0) continue
      notes.push(
        `${block.dialect}, ${block.size}, ${measure.name}: ${measure.errors} requests failed or got no response for ${loadTimeoutSeconds} s, ${measure.non2xx} responded other than 2xx.`,
      )
    }
  }
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...notes,
  ].join('\n')
}

export function formatSeeds(blocks: BlockResult[]): string {
  return blocks
    .map((block) => {
      const seconds = block.seed.seedMs / 1000
      const perSecond = Math.round(block.listings / seconds).toLocaleString('en')
      return `seeded ${block.dialect} with ${block.listings.toLocaleString('en')} listings and ${block.seed.users} users in ${seconds.toFixed(1)} s (${perSecond} listings/s)`
    })
    .join('\n')
}

export function formatMessagingSeed(block: MessagingBlockResult): string {
  const { seed } = block
  const statements = block.statements.map((facts) => `${facts.name} ${facts.statements}`)
  return [
    `seeded ${block.dialect} with ${seed.conversations.toLocaleString('en')} conversations and ${seed.messages.toLocaleString('en')} messages (beside 1,000 listings) in ${(seed.seedMs / 1000).toFixed(1)} s`,
    `statements per request: ${statements.join(', ')}`,
  ].join('\n')
}

/** What each search matched and the statements one request of it sent, block by block. */
export function formatSearches(blocks: BlockResult[]): string {
  return blocks
    .map((block) => {
      const searches = block.searches
        .map((facts) => `${facts.name} ${facts.matches.toLocaleString('en')} (${facts.statements})`)
        .join(', ')
      return `${block.dialect}, ${block.listings.toLocaleString('en')} listings: matches (statements per request): ${searches}`
    })
    .join('\n')
}

export function formatBudgets(
  checks: BudgetCheck[],
  /** what an n/a budget is set for */
  setFor = `${searchScale.listings.toLocaleString('en')} listings and ${searchScale.connections} connections (BENCH_SIZES, BENCH_CONNECTIONS)`,
): string {
  const lines = checks.map((check) => {
    const verdict = check.pass === null ? 'n/a ' : check.pass ? 'PASS' : 'FAIL'
    return `${verdict}  ${check.budget}: ${check.measured} (budget ${check.limit})`
  })
  if (checks.some((check) => check.pass === null)) {
    lines.push(`n/a: measured, but set for ${setFor}`)
  }
  return lines.join('\n')
}

export function writeResults(blocks: BlockResult[], settings: BenchSettings): BudgetCheck[] {
  const budgets = checkBudgets(blocks, settings)
  writeFile(resultsFile, { settings, blocks, budgets })
  return budgets
}

export function writeMessagingResults(
  blocks: MessagingBlockResult[],
  settings: BenchSettings,
): BudgetCheck[] {
  const budgets = checkMessagingBudgets(blocks, settings)
  writeFile(messagingResultsFile, { settings, blocks, budgets })
  return budgets
}

function writeFile(
  file: string,
  results: { settings: BenchSettings; blocks: unknown[]; budgets: BudgetCheck[] },
) {
  const { settings, ...measured } = results
  const written = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      loadAverage: os.loadavg(),
    },
    settings: { ...settings, postgresUrl: settings.postgresUrl ? 'set' : undefined },
    ...measured,
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(written, null, 2) + '\n')
}
