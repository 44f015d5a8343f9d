// npm run bench:sitemap: what the sitemap costs with BENCH_LISTINGS (default 1,000,000) listings.
// Times /sitemap.xml the first time (it lays the page boundaries, once for the database's life),
// then again (it checks the last page is not full), and the first, a middle and the last page of
// 50,000 URLs, as XML and gzipped, each in-process through the app. BENCH_DATABASE_URL adds
// PostgreSQL.
import path from 'node:path'
import { createApp } from '../../src/server/app.js'
import type { Dialect } from '../../src/server/db/database.js'
import { benchCities, seedListings } from './seed.js'
import { createStore, openStoreContext } from './store.js'

const listingCount = Number(process.env.BENCH_LISTINGS ?? 1_000_000)
const repeats = 5

async function benchDialect(dialect: Dialect, postgresUrl?: string) {
  const store = await createStore(dialect, postgresUrl)
  try {
    const context = await openStoreContext(store)
    try {
      const seed = await seedListings(context.db, listingCount, benchCities())
      console.info(`${dialect}: ${seed.listings} listings seeded in ${Math.round(seed.seedMs)} ms`)
      const app = createApp(context, { clientDir: path.join(store.dataDir, 'no-client') })

      /** The fastest and slowest of `times` requests of `url`, and the response's size. */
      async function measure(label: string, url: string, times = repeats, headers = {}) {
        const took: number[] = []
        let bytes = 0
        for (let n = 0; n < times; n += 1) {
          const started = performance.now()
          const response = await app.request(url, { headers })
          const body = await response.arrayBuffer()
          took.push(performance.now() - started)
          if (response.status !== 200) throw new Error(`${url} responded ${response.status}`)
          bytes = body.byteLength
        }
        took.sort((a, b) => a - b)
        const range = times === 1 ? '' : ` to ${took[times - 1]!.toFixed(0)}`
        console.info(`  ${label}: ${took[0]!.toFixed(0)}${range} ms, ${bytes} bytes`)
      }

      await measure('index, first request', '/sitemap.xml', 1)
      await measure('index', '/sitemap.xml')
      const index = await (await app.request('/sitemap.xml')).text()
      const pages = [...index.matchAll(/\/sitemaps\/listings-(\d+)\.xml/g)].map(([, n]) => n!)
      console.info(`  ${pages.length} listing pages`)
      for (const page of [pages[0], pages[Math.floor(pages.length / 2)], pages.at(-1)]) {
        await measure(`page ${page}`, `/sitemaps/listings-${page}.xml`)
        const gzip = { 'Accept-Encoding': 'gzip' }
        await measure(`page ${page}, gzipped`, `/sitemaps/listings-${page}.xml`, repeats, gzip)
      }
    } finally {
      await context.db.close()
    }
  } finally {
    await store.remove()
  }
}

await benchDialect('sqlite')
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL)
