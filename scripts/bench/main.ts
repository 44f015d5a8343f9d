// npm run bench: seeds fresh databases of several sizes, drives the production server and a bare
// node:http ceiling side by side with autocannon, prints the table and writes bench/results.json.
// Settings: BENCH_SIZES, BENCH_DURATION, BENCH_ROUNDS, BENCH_WARMUP, BENCH_CONNECTIONS and
// BENCH_DATABASE_URL (see docs/performance.md).
import path from 'node:path'
import { createApp } from '../../src/server/app.js'
import type { Dialect } from '../../src/server/db/database.js'
import { startServer } from '../../tests/support/server-process.js'
import { recordResponse, startCeiling } from './ceiling.js'
import { watchDatabaseCpu } from './database-cpu.js'
import { measureBlock } from './measure.js'
import {
  formatBudgets,
  formatSearches,
  formatSeeds,
  formatTable,
  resultsFile,
  writeResults,
  type BlockResult,
} from './report.js'
import { searchFacts } from './search-facts.js'
import { benchCities, seedListings, type BenchCity } from './seed.js'
import { readSettings, type BenchSettings } from './settings.js'
import { createStore, openStoreContext, storeEnv, type BenchStore } from './store.js'
import { chooseTargets } from './targets.js'

const openStores = new Set<BenchStore>()

async function removeStore(store: BenchStore) {
  openStores.delete(store)
  await store.remove()
}

// Ctrl-C: the child processes go with the process (processes.ts); the databases are dropped here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([...openStores].map(removeStore)).then(() => process.exit(130))
  })
}

/**
 * Seeds the store through the app's own context, picks the requests to make, and counts what the
 * searches match and the statements they send, on the app in this process.
 */
async function seedAndChoose(store: BenchStore, listings: number, cities: BenchCity[]) {
  const context = await openStoreContext(store)
  try {
    const seed = await seedListings(context.db, listings, cities)
    const app = createApp(context)
    const chosen = await chooseTargets(context.db, app, cities)
    const searches = await searchFacts(store.dialect, app, chosen.targets)
    const common = searches.find((facts) => facts.name === 'search-common')!
    if (common.matches <= listings / 10) {
      throw new Error(`The common word matches ${common.matches} listings, not over a tenth`)
    }
    return { seed, ...chosen, searches }
  } finally {
    await context.db.close()
  }
}

async function runBlock(
  dialect: Dialect,
  listings: number,
  settings: BenchSettings,
  cities: BenchCity[],
): Promise<BlockResult> {
  // What to stop or remove when the block ends, however it ends; last started, first stopped.
  const cleanups: (() => Promise<void>)[] = []
  try {
    const store = await createStore(dialect, settings.postgresUrl)
    openStores.add(store)
    cleanups.push(() => removeStore(store))
    const prepared = await seedAndChoose(store, listings, cities)
    const running = await startServer(storeEnv(store), {
      entry: settings.serverMain ? { file: settings.serverMain } : 'built',
      logFile: path.join(store.dataDir, 'server.log'),
    })
    const server = {
      origin: running.url,
      pid: running.child.pid!,
      stop: async () => void (await running.stop()),
    }
    cleanups.push(server.stop)
    for (const target of prepared.targets) {
      const response = await fetch(server.origin + target.path, { headers: target.headers })
      if (response.status !== 200) {
        throw new Error(`${target.path} answered ${response.status}: ${await response.text()}`)
      }
    }
    const first = prepared.targets[0]!
    const ceiling = await startCeiling(
      await recordResponse(server.origin + first.path, first.headers),
      store.dataDir,
    )
    cleanups.push(ceiling.stop)
    const database =
      settings.postgresUrl && store.databaseName
        ? await watchDatabaseCpu(settings.postgresUrl, store.databaseName)
        : undefined
    if (database) cleanups.push(database.close)
    const measures = await measureBlock({
      server,
      ceiling,
      targets: prepared.targets,
      settings,
      database,
    })
    return {
      dialect,
      listings,
      seed: prepared.seed,
      deepPageReached: prepared.deepPageReached,
      searches: prepared.searches,
      databaseCpuCounted: database?.measured() ?? false,
      ...measures,
    }
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('Could not clean up:', error))
    }
  }
}

const settings = readSettings()
const dialects: Dialect[] = settings.postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']
if (!settings.postgresUrl) console.info('BENCH_DATABASE_URL is not set: SQLite only.')
const cities = benchCities()
const blocks: BlockResult[] = []
for (const dialect of dialects) {
  for (const listings of settings.sizes) {
    console.info(`${dialect}, ${listings.toLocaleString('en')} listings…`)
    const block = await runBlock(dialect, listings, settings, cities)
    blocks.push(block)
    console.info(formatSeeds([block]))
  }
}
const budgets = writeResults(blocks, settings)
console.info(
  `\n${formatTable(blocks)}\n\n${formatSearches(blocks)}\n\n${formatBudgets(budgets)}\n\nWritten to ${resultsFile}`,
)
