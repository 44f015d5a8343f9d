// npm run bench: seeds fresh databases of several sizes, drives the production server and a bare
// node:http ceiling side by side with autocannon, prints the table and writes bench/results.json;
// then the messaging block (a landlord's inbox and a long conversation), bench/messaging.json.
// Settings: BENCH_PARTS, BENCH_SIZES, BENCH_DURATION, BENCH_ROUNDS, BENCH_WARMUP, BENCH_CONNECTIONS
// and BENCH_DATABASE_URL (see docs/performance.md).
import { createApp } from '../../src/server/app.js'
import type { Dialect } from '../../src/server/db/database.js'
import { measureOnServer } from './measure-server.js'
import {
  formatBudgets,
  formatSearches,
  formatSeeds,
  formatTable,
  formatMessagingSeed,
  formatMessagingTable,
  messagingResultsFile,
  resultsFile,
  writeMessagingResults,
  writeResults,
  type BlockResult,
} from './report.js'
import { messagingConnections } from './budgets.js'
import { runMessagingBlock, type MessagingBlockResult } from './messaging.js'
import { searchFacts } from './search-facts.js'
import { benchCities, seedListings, type BenchCity } from './seed.js'
import { readSettings, type BenchSettings } from './settings.js'
import { createStore, openStoreContext, type BenchStore } from './store.js'
import { chooseTargets, midWordShare } from './targets.js'

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
    // A few hundred listings are too few for a share of 0.3% to hold by chance.
    const word = searches.find((facts) => facts.name === 'search-word')!
    const share = word.matches / listings
    if (listings >= 100_000 && (share < midWordShare.min || share > midWordShare.max)) {
      throw new Error(`The street word matches ${(share * 100).toFixed(2)}% of listings`)
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
  const store = await createStore(dialect, settings.postgresUrl)
  openStores.add(store)
  try {
    const prepared = await seedAndChoose(store, listings, cities)
    const measures = await measureOnServer(store, prepared.targets, settings)
    return {
      dialect,
      listings,
      seed: prepared.seed,
      deepPageReached: prepared.deepPageReached,
      searches: prepared.searches,
      ...measures,
    }
  } finally {
    await removeStore(store).catch((error: unknown) => console.error('Could not clean up:', error))
  }
}

const settings = readSettings()
const dialects: Dialect[] = settings.postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']
if (!settings.postgresUrl) console.info('BENCH_DATABASE_URL is not set: SQLite only.')
const cities = benchCities()
if (settings.parts.includes('listings')) {
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
}
if (settings.parts.includes('messaging')) {
  const blocks: MessagingBlockResult[] = []
  for (const dialect of dialects) {
    console.info(`${dialect}, messaging…`)
    const store = await createStore(dialect, settings.postgresUrl)
    openStores.add(store)
    try {
      blocks.push(await runMessagingBlock(store, settings, cities))
    } finally {
      await removeStore(store)
    }
    console.info(formatMessagingSeed(blocks.at(-1)!))
  }
  const budgets = writeMessagingResults(blocks, settings)
  const setFor = `${messagingConnections} connections (BENCH_CONNECTIONS)`
  console.info(
    `\n${formatMessagingTable(blocks)}\n\n${formatBudgets(budgets, setFor)}\n\nWritten to ${messagingResultsFile}`,
  )
}
