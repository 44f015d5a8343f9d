// How the database would run a query, for tests that keep every query on an index. On
// PostgreSQL sequential scans are switched off for the question: a test database is tiny, and
// there a scan is cheapest even where an index serves; what matters is that one can.
import { CompiledQuery, sql, type Compilable, type Transaction } from 'kysely'
import type { Db } from '../../src/server/db/database'
import type { Database } from '../../src/server/db/schema'

/** The plan's lines: SQLite's `EXPLAIN QUERY PLAN` details, PostgreSQL's `EXPLAIN` text. */
export async function queryPlan(
  db: Db,
  query: (kysely: Transaction<Database>) => Compilable,
): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const { sql: text, parameters } = query(trx).compile()
    if (db.dialect === 'postgres') {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      )
      return rows.map((row) => row['QUERY PLAN'])
    }
    const { rows } = await trx.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    )
    return rows.map((row) => row.detail)
  })
}

/** Whether a plan reads a whole table (`SCAN upload`, `Seq Scan on upload`). */
export function scansTable(plan: string[], table: string): boolean {
  return plan.some((line) =>
    new RegExp(`^(\\s*->\\s*)?(SCAN ${table}\\b(?! USING)|Seq Scan on ${table}\\b)`).test(line),
  )
}
