// The SQL statements a request really sends, caught at the driver, below Kysely and Better Auth
// alike, so nothing that reaches the database is missed. Plain wrappers rather than vi.spyOn, so
// that the benchmark, outside Vitest, counts the same way as the tests.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Dialect } from '../../src/server/db/database'

export interface Statement {
  sql: string
  parameters: unknown[]
}

type Method = (this: unknown, ...args: unknown[]) => unknown

// better-sqlite3's Statement class is not exported; every statement shares this prototype.
const sqliteStatement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<
  'all' | 'get' | 'run' | 'iterate',
  Method
>
const pgClient = pg.Client.prototype as unknown as Record<'query', Method>

/** The statement a driver method was called with. */
const caught: Record<Dialect, (self: unknown, args: unknown[]) => Statement> = {
  // Kysely binds one array of values.
  sqlite: (self, args) => ({
    sql: (self as { source: string }).source,
    parameters: args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args,
  }),
  // Kysely sends the text and its values; a config object carries both.
  postgres: (_self, [text, values]) =>
    typeof text === 'string'
      ? { sql: text, parameters: Array.isArray(values) ? values : [] }
      : { sql: (text as pg.QueryConfig).text, parameters: (text as pg.QueryConfig).values ?? [] },
}

/** Runs `action` and returns the statements the database was sent meanwhile, in order. */
export async function recordStatements(
  dialect: Dialect,
  action: () => Promise<unknown>,
): Promise<Statement[]> {
  const statements: Statement[] = []
  const [target, names]: [Record<string, Method>, string[]] =
    dialect === 'postgres'
      ? [pgClient, ['query']]
      : [sqliteStatement, ['all', 'get', 'run', 'iterate']]
  const originals = names.map((name) => [name, target[name]!] as const)
  for (const [name, original] of originals) {
    target[name] = function (...args) {
      statements.push(caught[dialect](this, args))
      return original.apply(this, args)
    }
  }
  try {
    await action()
    return statements
  } finally {
    for (const [name, original] of originals) target[name] = original
  }
}

/** Runs `action` and returns how many statements the database was sent meanwhile. */
export async function countStatements(
  dialect: Dialect,
  action: () => Promise<unknown>,
): Promise<number> {
  return (await recordStatements(dialect, action)).length
}
