// npm run seed -- --users N --listings M [--photos shared]: adds demo users and listings to the
// configured database. With `--photos shared`, the listings share a handful of photos made once
// and are written in batches: a million in minutes, where drawing each listing's photos takes hours.
import { parseArgs } from 'node:util'
import { openAppContext } from '../src/server/app.js'
import { ConfigError, loadConfig } from '../src/server/config.js'
import { seedDemo } from '../src/server/seed/seed.js'
import { seedWithSharedPhotos } from '../src/server/seed/seed-with-shared-photos.js'

const usage = 'Usage: npm run seed -- --users N --listings M [--photos shared]  (N ≥ 1, M ≥ 0)'

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '2' },
    listings: { type: 'string', default: '30' },
    photos: { type: 'string' },
  },
})
const users = Number(values.users)
const listings = Number(values.listings)
if (
  !Number.isInteger(users) ||
  users < 1 ||
  !Number.isInteger(listings) ||
  listings < 0 ||
  (values.photos !== undefined && values.photos !== 'shared')
) {
  console.error(usage)
  process.exit(1)
}

try {
  const context = await openAppContext(loadConfig())
  const started = performance.now()
  const seed = values.photos === 'shared' ? seedWithSharedPhotos : seedDemo
  const result = await seed(context, { users, listings })
  console.info(
    `Seeded ${result.users} users and ${result.listings} listings in ${Math.round(performance.now() - started)} ms.`,
  )
  await context.db.close()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}
