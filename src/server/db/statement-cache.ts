// better-sqlite3 with its prepared statements kept by their SQL. Kysely prepares every query again,
// and SQLite's parse and plan of a one-row read cost more than running it (docs/performance.md).
import type SQLite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * A statement whose SQL begins so returns each row as an array of its columns' values, not an
 * object: making an object of each row of a page costs more than SQLite's work of finding it.
 */
export const arrayRowsMarker = '/* rows as arrays */'

/** Distinct SQL texts kept; beyond this the oldest is dropped (queries have a handful of shapes). */
const maxStatements = 500

export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql)
      // A statement still being iterated cannot run again meanwhile: that caller gets a new one.
      if (kept && !kept.busy) return kept
      const statement = sqlite.prepare(sql)
      if (sql.startsWith(arrayRowsMarker)) statement.raw(true)
      statements.delete(sql)
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!)
      statements.set(sql, statement)
      return statement
    },
  }
}
