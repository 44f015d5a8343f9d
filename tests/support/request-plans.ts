// The plans of the statements a request sends, caught at the driver and explained, with the checks
// the query-plan tests make of them: no table read whole, each read by its index, lists in order.
import { CompiledQuery } from 'kysely'
import { expect } from 'vitest'
import type { Db, Dialect } from '../../src/server/db/database'
import { queryPlan, scansTable } from './query-plan'
import { recordStatements } from './statements'

export interface Explained {
  sql: string
  plan: string[]
}

/** The index a statement should read, as each database's plan names it. */
export type IndexPatterns = Record<string, Record<Dialect, RegExp>>

export function requestPlans<Indexes extends IndexPatterns>(options: {
  dialect: Dialect
  /** the test app's database, once it is open */
  db: () => Db
  /** the feature's tables: the statements on them are explained */
  ownTables: string[]
  /** the tables no statement may read whole */
  tables: string[]
  indexes: Indexes
}) {
  const { dialect, indexes } = options
  const ownTable = new RegExp(`\\b(${options.ownTables.join('|')})\\b`)

  /**
   * The plans of the statements on the feature's tables that `request` sends, each text once (a
   * statement repeated for each row of a list is the same statement). The response's status must
   * be `status`, or any 2xx when none is given.
   */
  async function plans(
    request: () => Response | Promise<Response>,
    status?: number,
  ): Promise<Explained[]> {
    const statements = await recordStatements(dialect, async () => {
      const response = await request()
      const text = await response.clone().text()
      if (status === undefined) expect(response.status, text).toBeLessThan(300)
      else expect(response.status, text).toBe(status)
    })
    const ours = statements.filter(
      (statement) =>
        /^\s*(select|insert|update|delete)\b/i.test(statement.sql) && ownTable.test(statement.sql),
    )
    expect(ours.length).toBeGreaterThan(0)
    const distinct = [...new Map(ours.map((statement) => [statement.sql, statement])).values()]
    return Promise.all(
      distinct.map(async (statement) => ({
        sql: statement.sql,
        plan: await queryPlan(options.db(), () => ({
          compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
        })),
      })),
    )
  }

  const describeOne = ({ sql, plan }: Explained) => `${sql}\n${plan.join('\n')}`

  /** No statement reads one of the tables whole. */
  function expectNoScan(explained: Explained[]) {
    for (const one of explained) {
      for (const table of options.tables) {
        expect(scansTable(one.plan, table), describeOne(one)).toBe(false)
      }
    }
  }

  /** The statements whose SQL matches `sql` read `index`, and sort nothing when `inOrder`. */
  function expectIndex(explained: Explained[], sql: RegExp, index: keyof Indexes, inOrder = false) {
    const matching = explained.filter((one) => sql.test(one.sql))
    expect(matching.length, explained.map(describeOne).join('\n\n')).toBeGreaterThan(0)
    for (const one of matching) {
      expect(one.plan.join('\n'), describeOne(one)).toMatch(indexes[index]![dialect])
      if (inOrder) {
        expect(one.plan.join('\n'), describeOne(one)).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort/)
      }
    }
  }

  return { plans, describeOne, expectNoScan, expectIndex }
}
