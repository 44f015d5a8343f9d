// The SQL statements a request really sends, caught at the driver, below Kysely and Better Auth
// alike, so nothing that reaches the database is missed.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { vi } from 'vitest'
import type { Dialect } from '../../src/server/db/database'

export interface Statement {
  sql: string
  parameters: unknown[]
}

// better-sqlite3's Statement class is not exported; every statement shares this prototype.
const sqliteStatement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as {
  all(...parameters: unknown[]): unknown
  get(...parameters: unknown[]): unknown
  run(...parameters: unknown[]): unknown
  iterate(...parameters: unknown[]): unknown
}

const originalQuery = pg.Client.prototype.query

/** Runs `action` and answers the statements the database was sent meanwhile, in order. */
export async function recordStatements(
  dialect: Dialect,
  action: () => Promise<unknown>,
): Promise<Statement[]> {
  const statements: Statement[] = []
  const spies =
    dialect === 'postgres'
      ? [
          vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
            this: pg.Client,
            ...args: unknown[]
          ) {
            // Kysely sends the text and its values; a config object carries both.
            const [text, values] = args
            statements.push(
              typeof text === 'string'
                ? { sql: text, parameters: Array.isArray(values) ? values : [] }
                : {
                    sql: (text as pg.QueryConfig).text,
                    parameters: (text as pg.QueryConfig).values ?? [],
                  },
            )
            return (originalQuery as (...args: unknown[]) => unknown).apply(this, args) as never
          }),
        ]
      : (['all', 'get', 'run', 'iterate'] as const).map((method) => {
          const original = sqliteStatement[method]
          return vi.spyOn(sqliteStatement, method).mockImplementation(function (
            this: { source: string },
            ...parameters: unknown[]
          ) {
            // Kysely binds one array of values.
            const values = parameters.length === 1 && Array.isArray(parameters[0])
            statements.push({
              sql: this.source,
              parameters: values ? (parameters[0] as unknown[]) : parameters,
            })
            return original.apply(this, parameters)
          })
        })
  try {
    await action()
    return statements
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

/** Runs `action` and answers how many statements the database was sent meanwhile. */
export async function countStatements(
  dialect: Dialect,
  action: () => Promise<unknown>,
): Promise<number> {
  return (await recordStatements(dialect, action)).length
}
