// Counts the SQL statements sent to the database at the driver (better-sqlite3's statement
// methods, `pg.Client#query`), below Kysely and Better Auth alike, so nothing that reaches the
// database is missed. Used by the statements-per-request test and the benchmark.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Dialect } from '../../src/server/db/database'

type Methods = Record<string, (...args: unknown[]) => unknown>

// better-sqlite3's Statement class is not exported; every statement shares this prototype.
const sqliteStatement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Methods

const counted: Record<Dialect, [Methods, string[]]> = {
  sqlite: [sqliteStatement, ['all', 'get', 'run', 'iterate']],
  postgres: [pg.Client.prototype as unknown as Methods, ['query']],
}

/** Runs `action` and answers how many statements the database was sent meanwhile. */
export async function countStatements(
  dialect: Dialect,
  action: () => Promise<unknown>,
): Promise<number> {
  const [prototype, names] = counted[dialect]
  const originals = names.map((name) => [name, prototype[name]!] as const)
  let count = 0
  for (const [name, original] of originals) {
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      count += 1
      return original.apply(this, args)
    }
  }
  try {
    await action()
    return count
  } finally {
    for (const [name, original] of originals) prototype[name] = original
  }
}
