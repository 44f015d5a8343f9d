// Opens the database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely'
import pg from 'pg'
import { makePrivateDir, privateFileMode } from '../data-dir.js'
import type { Database } from './schema.js'
import { withPreparedStatements } from './prepared-statements.js'
import { withStatementCache } from './statement-cache.js'

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
      // A stopped database rejects connections at once (503 straight away); this bounds the wait
      // for one that does not respond, and for a free client under load. Not lower: a busy event
      // loop (the gazetteer loading) would time connections out that were fine.
      connectionTimeoutMillis: 5000,
      // TCP keepalives on idle connections: firewalls and NATs that drop silent connections keep
      // them, and the OS notices a server that vanished without closing the socket.
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
      // No JIT compiling: a statement the planner prices above `jit_above_cost` (a search's counts
      // of a common word) spent 7 ms compiling to run in 5 (decision 053).
      options: '-c jit=off',
    })
    // An idle client that loses its server must not crash the process; the pool drops it, the next
    // query opens a new connection, and requests get 503 until the database is back.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
    })
    return { kysely, dialect: 'postgres', bool: (value) => value, close: () => kysely.destroy() }
  }

  makePrivateDir(options.dataDir)
  const file = path.join(options.dataDir, 'app.db')
  // Made before SQLite opens it, with our mode: SQLite gives its -wal and -shm files the same.
  fs.closeSync(fs.openSync(file, 'a', privateFileMode))
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // 64 MiB of pages kept in the process instead of SQLite's 2 MiB: a search reads rows all over the
  // file, and each page missing from this cache is a system call (docs/performance.md).
  sqlite.pragma('cache_size = -65536')
  // Another process (the seed script) may write at the same time: wait instead of failing.
  sqlite.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  })
  return {
    kysely,
    dialect: 'sqlite',
    bool: (value) => (value ? 1 : 0),
    close: () => kysely.destroy(),
  }
}

/**
 * SQLite transactions that take the write lock as they begin (BEGIN IMMEDIATE). A deferred one
 * that reads and then writes cannot wait for the lock if another process (the seed script) has
 * written since its read: SQLite fails it at once with SQLITE_BUSY_SNAPSHOT, whatever busy_timeout
 * says. Taken up front, the lock is waited for like any other write.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings)
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.settings)
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

/** SQLSTATE codes of a database that is going away or cannot take us (classes 08 and 57P, 53300). */
const unavailableStates = /^(08...|57P0[1-3]|53300)$/
/** Socket failures on the way to the database; SQLite still locked once busy_timeout is over. */
const unavailableCodes =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|SQLITE_BUSY.*)$/
/** pg's own messages for a lost or never-made connection, which carry no code. */
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Whether an error means the database cannot be reached right now (respond 503 and let the client
 * retry), as opposed to a bug in a query. Looks through `cause` and AggregateError's errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const visit = (candidate: unknown): boolean => {
    if (!(candidate instanceof Error) || seen.has(candidate)) return false
    seen.add(candidate)
    const code = 'code' in candidate && typeof candidate.code === 'string' ? candidate.code : ''
    return (
      unavailableCodes.test(code) ||
      unavailableStates.test(code) ||
      unavailableMessages.test(candidate.message) ||
      (candidate instanceof AggregateError && candidate.errors.some(visit)) ||
      visit(candidate.cause)
    )
  }
  return visit(error)
}

/**
 * The error that shows the database cannot be reached: `error` itself, or, when a library put its
 * own error in place of the cause (Better Auth does), the failure of a fresh trivial query.
 */
export async function findDatabaseOutage(db: Db, error: unknown): Promise<Error | undefined> {
  if (isDatabaseUnavailable(error)) return error as Error
  try {
    await sql`select 1`.execute(db.kysely)
    return undefined
  } catch (probe) {
    return isDatabaseUnavailable(probe) ? (probe as Error) : undefined
  }
}
