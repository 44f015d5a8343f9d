// Starts the server: `npm start` runs this after building.
import { serve } from '@hono/node-server'
import { createApp, openAppContext, type AppContext } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { seedDemo, demoAccount } from './seed/seed.js'
import { scheduleUploadCleanup } from './uploads/cleanup.js'

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}

let context: AppContext
try {
  context = await openAppContext(config)
} catch (error) {
  // An unreachable or misconfigured database: say so in one line, not a stack trace.
  console.error(`Could not open the database: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
if (config.seedDemo && !(await context.listings.any())) {
  console.info('Empty database: adding demo users and listings…')
  await seedDemo(context, { users: 2, listings: 30 })
}

scheduleUploadCleanup(context.removeStaleUploads)

const server = serve({ fetch: createApp(context).fetch, port: config.port, hostname: config.host })
server.once('listening', () => {
  console.info(`House Marketplace is running at ${config.publicUrl}`)
  if (config.seedDemo) {
    console.info(`Demo account: ${demoAccount.email} / ${demoAccount.password}`)
  }
})

function shutdown() {
  server.close(() => {
    void context.db.close().then(() => process.exit(0))
  })
  // Keep-alive connections would hold the close open; give them a moment, then go.
  setTimeout(() => process.exit(0), 10_000).unref()
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)
