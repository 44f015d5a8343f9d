// Starts the server: `npm start` runs this after building.
// First: Zod's settings must hold before any module makes a schema.
import '../shared/zod-config.js'
import { createServer } from 'node:http'
import { appRequestListener, openAppContext, type AppContext } from './app.js'
import { ConfigError, loadConfig, type Config } from './config.js'
import { gracefulClose } from './http/graceful-close.js'
import { instanceName } from './instance-name.js'
import { startJobWorker } from './jobs/job-worker.js'
import { seedDemo, demoAccount } from './seed/seed.js'
import { queueUploadCleanup } from './uploads/upload-cleanup-jobs.js'

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

await queueUploadCleanup(context.jobs, Date.now())
await context.staleListings.queue()
await context.listingStats.queueMails()
// Every server runs one: the alerts and the cleanup are run by whichever claims them first.
const jobWorker = startJobWorker(context.jobs, context.jobHandlers)
// Views are written in batches: a SIGKILL loses this long's views at most (docs/reliability.md).
context.listingStats.views.start(config.viewBatchMs)

const server = createServer(appRequestListener(context)).listen(config.port, config.host)
const httpServer = gracefulClose(server)
server.once('listening', () => {
  // /healthz names the process by `instanceName` alone: this line ties it to the pid. It comes
  // first, so whoever waits for 'is running at' has it before the requests they then send.
  console.info(`Instance ${instanceName}, pid ${process.pid}`)
  console.info(`House Marketplace is running at ${config.publicUrl}`)
  if (config.seedDemo) {
    console.info(`Demo account: ${demoAccount.email} / ${demoAccount.password}`)
  }
})

/** How long the requests in flight get to finish once we are asked to stop. */
const drainDeadlineMs = 10_000

async function shutdown(signal: NodeJS.Signals) {
  console.info(`${signal}: finishing the requests in flight, then stopping`)
  // The job under way finishes (a mail half sent would be sent again by another server).
  const [drained] = await Promise.all([httpServer.close(drainDeadlineMs), jobWorker.stop()])
  if (!drained) console.warn(`Requests still open after ${drainDeadlineMs} ms were cut off`)
  await context.listingStats.views.stop().catch((error: unknown) => {
    console.error('The last listing views were not written:', error)
  })
  await context.db.close()
  process.exit(drained ? 0 : 1)
}
// Once only: a second Ctrl-C stops at once, the default way.
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)
