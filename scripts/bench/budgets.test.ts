// The search budgets hold a run to what the search issues set: at a million listings and 10
// connections for latency and for CPU per request in units of the ceiling's, at every size for
// statements and for the depth of a page. The messaging budgets: every read within 20 ms at 10
// connections, the unread count in 2 statements.
import { describe, expect, it } from 'vitest'
import type { Dialect } from '../../src/server/db/database'
import { checkBudgets, checkMessagingBudgets } from './budgets'
import type { Measure } from './measure'
import type { MessagingBlockResult } from './messaging'
import { messagingTargetNames, type MessagingTargetName } from './messaging-targets'
import type { BlockResult } from './report'
import { readSettings } from './settings'
import { placesTargetNames, searchTargetNames, type TargetName } from './targets'

const listNames: TargetName[] = [
  'first',
  'deep',
  'first-uncached',
  'deep-uncached',
  'offer',
  'detail',
  'detail-uncounted',
]

function measure(name: string, changes: Partial<Measure> = {}): Measure {
  return {
    name,
    path: '/api/listings',
    requestsPerSecond: 10_000,
    ratio: 0.8,
    p50Ms: 2,
    p99Ms: 10,
    cpuPerRequestUs: 150,
    cpuRatio: 0.8,
    non2xx: 0,
    errors: 0,
    rssMaxMb: 150,
    ...changes,
  }
}

function block(
  listings: number,
  changes: {
    dialect?: Dialect
    measures?: Record<string, Partial<Measure>>
    statements?: Record<string, number>
    rssMb?: number
  } = {},
): BlockResult {
  const names = [...listNames, ...searchTargetNames, ...placesTargetNames]
  return {
    dialect: changes.dialect ?? 'sqlite',
    listings,
    seed: { listings, users: 300, cities: 200, seedMs: 1000 },
    deepPageReached: 500,
    searches: searchTargetNames.map((name) => ({
      name,
      matches: 100,
      statements: changes.statements?.[name] ?? 1,
    })),
    databaseCpuCounted: false,
    ceiling: measure('ceiling'),
    targets: names.map((name) => measure(name, changes.measures?.[name])),
    serverHwmMb: changes.rssMb ?? 160,
  }
}

const atScale = readSettings({ BENCH_CONNECTIONS: '10' })
const verdict = (checks: ReturnType<typeof checkBudgets>, start: string) =>
  checks.filter((check) => check.budget.startsWith(start)).map((check) => check.pass)
/** The budgets of one block in which the target `name` cost `us` of CPU per response. */
const withCpu = (name: string, us: number, listings = 1_000) =>
  checkBudgets([block(listings, { measures: { [name]: { cpuPerRequestUs: us } } })], atScale)

describe('the budget of counting views', () => {
  it('holds the counted detail read within 5% of its CPU uncounted, and at half the ceiling', () => {
    const run = (detail: Partial<Measure>) =>
      checkBudgets([block(1_000, { measures: { detail } })], atScale)
    expect(verdict(run({ cpuPerRequestUs: 157 }), 'detail, views of')).toEqual([true])
    expect(verdict(run({ cpuPerRequestUs: 158 }), 'detail, views of')).toEqual([false])
    expect(verdict(run({ ratio: 0.5 }), 'detail, views counted')).toEqual([true])
    expect(verdict(run({ ratio: 0.49 }), 'detail, views counted')).toEqual([false])
  })
})

describe('the search budgets', () => {
  const slowMap = { 'map-world': { p99Ms: 60 } }

  it('checks the p99 of every search at a million listings and 10 connections', () => {
    const checks = checkBudgets(
      [block(1_000, {}), block(1_000_000, { measures: slowMap })],
      atScale,
    )
    expect(verdict(checks, 'search-text: p99')).toEqual([true])
    expect(verdict(checks, 'map-world: p99')).toEqual([false])
    const postgres = block(1_000_000, { dialect: 'postgres', measures: slowMap })
    expect(verdict(checkBudgets([postgres], atScale), 'map-world: p99')).toEqual([true])
  })

  it('holds GET /api/places to a p99 of 10 ms at a million listings and 10 connections', () => {
    const slowPlaces = { places: { p99Ms: 11 }, 'places-letter': { p99Ms: 9 } }
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const checks = checkBudgets([block(1_000_000, { dialect, measures: slowPlaces })], atScale)
      expect(verdict(checks, 'places: p99')).toEqual([false])
      expect(verdict(checks, 'places-letter: p99')).toEqual([true])
    }
    const smaller = checkBudgets([block(100_000, { measures: slowPlaces })], atScale)
    expect(verdict(smaller, 'places: p99')).toEqual([null])
  })

  it('measures but does not check the p99 at fewer listings or more connections', () => {
    const smaller = checkBudgets([block(100_000, { measures: slowMap })], atScale)
    expect(verdict(smaller, 'map-world: p99')).toEqual([null])
    const busier = checkBudgets([block(1_000_000, { measures: slowMap })], readSettings({}))
    expect(verdict(busier, 'map-world: p99')).toEqual([null])
  })

  it('holds page 50 of a price sort to 1.3 times the CPU of page 1', () => {
    expect(verdict(withCpu('search-deep', 190), 'page 50 of a price sort')).toEqual([true])
    expect(verdict(withCpu('search-deep', 210), 'page 50 of a price sort')).toEqual([false])
  })

  it('wants at most 3 statements per search, at every size and on page 50 too', () => {
    const statements = (blocks: BlockResult[]) =>
      verdict(checkBudgets(blocks, atScale), 'statements per search request')
    expect(statements([block(1_000), block(10_000, { statements: { 'map-city': 3 } })])).toEqual([
      true,
    ])
    expect(statements([block(1_000), block(10_000, { statements: { 'map-city': 4 } })])).toEqual([
      false,
    ])
    expect(statements([block(1_000, { statements: { 'search-deep': 4 } })])).toEqual([false])
  })

  it('allows the server 300 MB at a million listings and 250 MB below', () => {
    const rss = (listings: number) =>
      verdict(checkBudgets([block(listings, { rssMb: 280 })], atScale), 'server peak RSS')
    expect(rss(1_000_000)).toEqual([true])
    expect(rss(100_000)).toEqual([false])
  })

  // The ceiling costs 150 µs of CPU per request in these blocks.
  it("holds a page read from the database to 8 times the ceiling's CPU on SQLite", () => {
    expect(verdict(withCpu('first-uncached', 1_190, 100_000), 'first-uncached')).toEqual([true])
    expect(verdict(withCpu('first-uncached', 1_210, 100_000), 'first-uncached')).toEqual([false])
  })

  it("holds every search to 100 times the ceiling's CPU at a million listings", () => {
    const cpu = (name: string, us: number, listings: number) =>
      verdict(withCpu(name, us, listings), `${name}: CPU per request`)
    expect(cpu('search-text', 14_900, 1_000_000)).toEqual([true])
    expect(cpu('search-text', 15_100, 1_000_000)).toEqual([false])
    expect(cpu('search-word-box', 15_100, 1_000_000)).toEqual([false])
    expect(cpu('map-city', 15_100, 100_000)).toEqual([null])
    const checks = checkBudgets([block(1_000_000)], atScale)
    for (const name of searchTargetNames) {
      expect(verdict(checks, `${name}: CPU per request`), name).toEqual([true])
    }
  })

  it("wants cached lists at 0.7 of the ceiling's requests per second on both databases", () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const lists = (ratio: number) =>
        verdict(
          checkBudgets([block(100_000, { dialect, measures: { deep: { ratio } } })], atScale),
          'deep: requests/s',
        )
      expect(lists(0.71), dialect).toEqual([true])
      expect(lists(0.69), dialect).toEqual([false])
    }
  })
})

describe('the messaging budgets', () => {
  function messagingBlock(
    dialect: Dialect,
    p99Ms: Partial<Record<MessagingTargetName, number>> = {},
    unreadStatements = 2,
  ): MessagingBlockResult {
    return {
      dialect,
      seed: {
        conversations: 5_000,
        messages: 25_000,
        seedMs: 2_000,
        landlordId: 'landlord',
        longConversationId: 'long',
      },
      statements: messagingTargetNames.map((name) => ({
        name,
        statements: name === 'unread' ? unreadStatements : 3,
      })),
      databaseCpuCounted: false,
      ceiling: measure('ceiling'),
      targets: messagingTargetNames.map((name) => measure(name, { p99Ms: p99Ms[name] ?? 10 })),
      serverHwmMb: 160,
    }
  }

  it('holds every messaging read to a p99 of 20 ms on both databases at 10 connections', () => {
    const checks = checkMessagingBudgets(
      [messagingBlock('sqlite'), messagingBlock('postgres', { 'conversation-older': 21 })],
      atScale,
    )
    expect(verdict(checks, 'inbox-later: p99 (sqlite')).toEqual([true])
    expect(verdict(checks, 'conversation-older: p99 (sqlite')).toEqual([true])
    expect(verdict(checks, 'conversation-older: p99 (postgres')).toEqual([false])
    expect(checks.filter((check) => check.budget.includes(': p99 ('))).toHaveLength(10)
  })

  it('measures but does not check the p99 at other than 10 connections', () => {
    const busier = checkMessagingBudgets(
      [messagingBlock('sqlite', { inbox: 40 })],
      readSettings({}),
    )
    expect(verdict(busier, 'inbox: p99')).toEqual([null])
  })

  it('wants at most 2 statements per unread count, at any number of connections', () => {
    const statements = (count: number) =>
      verdict(
        checkMessagingBudgets([messagingBlock('postgres', {}, count)], readSettings({})),
        'unread: statements',
      )
    expect(statements(2)).toEqual([true])
    expect(statements(3)).toEqual([false])
  })
})
