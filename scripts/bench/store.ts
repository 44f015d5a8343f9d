// A fresh place for one benchmark size: a DATA_DIR under the system's temp folder and, for
// PostgreSQL, a database created on BENCH_DATABASE_URL's server and dropped afterwards.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openAppContext, type AppContext } from '../../src/server/app.js'
import { loadConfig } from '../../src/server/config.js'
import type { Dialect } from '../../src/server/db/database.js'

export interface BenchStore {
  dialect: Dialect
  dataDir: string
  /** set for PostgreSQL */
  databaseUrl: string | undefined
  /** the PostgreSQL database's name */
  databaseName: string | undefined
  remove(): Promise<void>
}

export async function createStore(dialect: Dialect, postgresUrl?: string): Promise<BenchStore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `marketplace-bench-${dialect}-`))
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true })
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: undefined, databaseName: undefined, remove: removeDir }
  }

  if (!postgresUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL')
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`
  await onServer(postgresUrl, `CREATE DATABASE "${name}"`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    databaseName: name,
    async remove() {
      try {
        await onServer(postgresUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await removeDir()
      }
    },
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The server's environment for this store: its DATA_DIR and database, no demo data. */
export function storeEnv(store: BenchStore): Record<string, string> {
  return {
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    SEED_DEMO: 'false',
    // Every request comes from this machine's one address, thousands a second: the per-address
    // budget of uncached searches would measure 429s instead of the reads.
    SEARCH_READS_PER_MINUTE: '0',
  }
}

/** The app's own context on the store (migrations included), for seeding it. */
export function openStoreContext(store: BenchStore): Promise<AppContext> {
  return openAppContext(loadConfig(storeEnv(store)))
}
