// npx tsx scripts/bench/search-page.ts (after `npm run build`): what a search page costs against
// the same search read from the API, when no cache serves either: each request asks a search
// nobody asked before (`minPrice` counts up). A search page's first request carries its data for
// the browser to render; its second is server-rendered (decision 021): both are measured, the
// second with the same searches again. Seeds BENCH_LISTINGS (default 10,000) listings on SQLite,
// asks each kind BENCH_REQUESTS times (default 400) a round, in-process, and prints the CPU and
// time per request of each round, and their ratios to the API's.
import { createApp } from '../../src/server/app.js'
import { benchCities, seedListings } from './seed.js'
import { createStore, openStoreContext } from './store.js'
import { wholeNumber } from '../whole-number.js'

const listings = wholeNumber('BENCH_LISTINGS', 10_000)
const requests = wholeNumber('BENCH_REQUESTS', 400)
const rounds = wholeNumber('BENCH_ROUNDS', 3)

const store = await createStore('sqlite')
const context = await openStoreContext(store)
try {
  await seedListings(context.db, listings, benchCities())
  const app = createApp(context)
  const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
  let next = 0

  /** CPU and wall time per request of `requests` distinct searches at `path`, from `first`. */
  async function measure(path: string, first = next) {
    next = Math.max(next, first + requests)
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    for (let i = 1; i <= requests; i++) {
      const response = await app.request(`${path}?type=rent&minPrice=${first + i}`, { headers })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    }
    const cpu = process.cpuUsage(cpuBefore)
    return {
      cpuUs: (cpu.user + cpu.system) / requests,
      wallUs: ((performance.now() - started) * 1000) / requests,
    }
  }

  // The renderer and the screen's chunk load on the first server-rendered page; V8 warms up on
  // all three.
  const warm = next
  await measure('/search')
  await measure('/search', warm)
  await measure('/api/listings')
  const cell = (value: number, api: number) =>
    `${value.toFixed(0).padStart(6)} ${(value / api).toFixed(2).padStart(5)}×`
  console.info(`${listings} listings, ${requests} distinct searches a round, µs per request`)
  console.info('round |   API | page, 1st request | page, rendered (2nd) | (CPU, then wall time)')
  for (let round = 1; round <= rounds; round++) {
    const api = await measure('/api/listings')
    const from = next
    const first = await measure('/search')
    const rendered = await measure('/search', from)
    for (const [kind, key] of [
      ['cpu ', 'cpuUs'],
      ['wall', 'wallUs'],
    ] as const) {
      console.info(
        `${String(round).padStart(5)} ${kind} ${api[key].toFixed(0).padStart(6)} | ` +
          `${cell(first[key], api[key])}    | ${cell(rendered[key], api[key])}`,
      )
    }
  }
} finally {
  await context.db.close()
  await store.remove()
}
