// npm run seed -- --users N --listings M: adds demo users and listings to the configured database.
import { parseArgs } from 'node:util'
import { openAppContext } from '../src/server/app.js'
import { ConfigError, loadConfig } from '../src/server/config.js'
import { seedDemo } from '../src/server/seed/seed.js'

const { values } = parseArgs({
  options: { users: { type: 'string', default: '2' }, listings: { type: 'string', default: '30' } },
})
const users = Number(values.users)
const listings = Number(values.listings)
if (!Number.isInteger(users) || users < 1 || !Number.isInteger(listings) || listings < 0) {
  console.error('Usage: npm run seed -- --users N --listings M  (N ≥ 1, M ≥ 0)')
  process.exit(1)
}

try {
  const context = await openAppContext(loadConfig())
  const started = performance.now()
  const result = await seedDemo(context, { users, listings })
  console.info(
    `Seeded ${result.users} users and ${result.listings} listings in ${Math.round(performance.now() - started)} ms.`,
  )
  await context.db.close()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}
