// Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.js'

export type Dialect = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** A boolean as this database binds it: SQLite has no boolean type and stores 0 or 1. */
  bool(value: boolean): boolean | number
  close(): Promise<void>
}

// PostgreSQL's bigint (our epoch-millisecond timestamps, counts) arrives as a string by default;
// every value we store fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    })
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { kysely, dialect: 'postgres', bool: (value) => value, close: () => kysely.destroy() }
  }

  fs.mkdirSync(options.dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(options.dataDir, 'app.db'))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // Another process (the seed script) may write at the same time: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return {
    kysely,
    dialect: 'sqlite',
    bool: (value) => (value ? 1 : 0),
    close: () => kysely.destroy(),
  }
}
