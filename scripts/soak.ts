// npm run soak: mixed traffic (90% reads, 10% writes with tus uploads) from 50 connections at the
// production server on a fresh store for 5 minutes. Passes with zero 5xx, no error line in the
// server's log and the RSS at the end within 10% of the RSS after warm-up; prints the table, writes
// bench/soak.json, exits 1 on a failed criterion. Settings: SOAK_SECONDS, SOAK_CONNECTIONS,
// SOAK_WARMUP, SOAK_LISTINGS, SOAK_SEED, and SOAK_DATABASE_URL (a PostgreSQL server to create a
// database on).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type ServerProcess } from '../tests/support/server-process.js'
import { createStore, storeEnv } from './bench/store.js'
import { formatReport } from './soak/report.js'
import {
  driveLoad,
  judge,
  seedCatalogue,
  servesPages,
  type LoadResult,
  type SoakSettings,
} from './soak/run.js'
import { wholeNumber } from './whole-number.js'

const resultsFile = path.resolve(import.meta.dirname, '../bench/soak.json')

const settings: Omit<SoakSettings, 'pages'> = {
  seconds: wholeNumber('SOAK_SECONDS', 300),
  // Measured here: the RSS climbs for about 100 s, until V8's first major collection under this
  // load (docs/reliability.md, Load).
  warmupSeconds: wholeNumber('SOAK_WARMUP', 120),
  connections: wholeNumber('SOAK_CONNECTIONS', 50),
  listings: wholeNumber('SOAK_LISTINGS', 60),
  seed: wholeNumber('SOAK_SEED', (Date.now() % 1_000_000) + 1),
}
if (settings.warmupSeconds >= settings.seconds) {
  throw new Error('SOAK_WARMUP must be shorter than SOAK_SECONDS')
}
const databaseUrl = process.env.SOAK_DATABASE_URL?.trim() || undefined
const store = await createStore(databaseUrl ? 'postgres' : 'sqlite', databaseUrl)
const env = storeEnv(store)
let server: ServerProcess | undefined

// Ctrl-C: stop the server and remove the store before leaving.
process.once('SIGINT', () => {
  void Promise.allSettled([server?.stop('SIGTERM'), store.remove()]).then(() => process.exit(130))
})

async function soak(running: ServerProcess): Promise<LoadResult> {
  if (!(await servesPages(running.url))) {
    throw new Error('The server found no built client in dist/client: did another build empty it?')
  }
  console.info(
    `Soaking ${running.url} for ${settings.seconds} s with ${settings.connections} connections…`,
  )
  return driveLoad(running, env, { ...settings, pages: true })
}

try {
  console.info(`Seeding ${settings.listings} listings in ${store.dataDir} (${store.dialect})…`)
  await seedCatalogue(env, settings.listings)
  const running = await startServer(env, { entry: 'built' })
  server = running
  const load = await soak(running).finally(() => running.stop('SIGTERM'))
  const result = judge(load, {
    stdout: running.stdout(),
    stderr: running.stderr(),
    exit: await running.exited,
  })
  console.info(`\n${formatReport(result)}`)
  const machine = { cpus: os.cpus().length, node: process.version, dialect: store.dialect }
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true })
  fs.writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
  )
  console.info(`\nWrote ${path.relative(process.cwd(), resultsFile)}`)
  process.exitCode = result.passed ? 0 : 1
} finally {
  await store.remove()
}
