// How the favourites' SQL runs on each database: every statement the routes send (caught at the
// driver) is explained; the saved list and the ids read favourite_newest in order, and nothing
// reads `listing` or `favourite` by a full scan.
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage } from '../../shared/listing'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  dialects,
  insertListings,
  requestJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'

const base = Date.UTC(2025, 0, 15)

describe.each(dialects)('favourite query plans on %s', (dialect) => {
  let t: TestApp
  let user: SignedInUser
  let unsaved: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    user = await signUpAndIn(t.context)
    const others = await Promise.all([signUpAndIn(t.context), signUpAndIn(t.context)])
    const homes = await insertListings(
      t.context,
      Array.from({ length: 400 }, (_, n) => ({ userRef: others[0]!.id, timestamp: base + n })),
    )
    unsaved = homes[399]!.id
    // The user saved a hundred of them; the others saved most, so `favourite` is not all theirs.
    const saves = homes
      .slice(0, 300)
      .flatMap((home, n) => [
        ...(n < 100 ? [{ userId: user.id, listingId: home.id, createdAt: base + n }] : []),
        { userId: others[0]!.id, listingId: home.id, createdAt: base + n },
        { userId: others[1]!.id, listingId: home.id, createdAt: base + n },
      ])
    for (let start = 0; start < saves.length; start += 200) {
      await t.context.db.kysely
        .insertInto('favourite')
        .values(saves.slice(start, start + 200))
        .execute()
    }
    // What autovacuum would have done by now: statistics, and the visibility map that lets
    // PostgreSQL read the ids from favourite_newest alone.
    if (dialect === 'postgres') {
      await t.context.db.kysely.executeQuery(CompiledQuery.raw('vacuum analyze'))
    }
  })
  afterAll(() => t?.close())

  /** The plans of the statements on `favourite` that a request sends, each with its SQL. */
  async function plans(request: () => Response | Promise<Response>) {
    const statements = await recordStatements(dialect, async () => {
      const result = await request()
      expect(result.status).toBeLessThan(300)
    })
    const favourites = statements.filter((statement) => /"favourite"/.test(statement.sql))
    expect(favourites.length).toBeGreaterThan(0)
    return Promise.all(
      favourites.map(async (statement) => ({
        sql: statement.sql,
        plan: await queryPlan(t.context.db, () => ({
          compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
        })),
      })),
    )
  }

  const read = (path: string) => () => t.app.request(path, { headers: { Cookie: user.cookie } })

  function expectIndexed(explained: { sql: string; plan: string[] }[], inOrder: boolean) {
    for (const { sql, plan } of explained) {
      const text = `${sql}\n${plan.join('\n')}`
      expect(scansTable(plan, 'listing'), text).toBe(false)
      expect(scansTable(plan, 'favourite'), text).toBe(false)
      expect(plan.join('\n'), text).toMatch(/favourite_newest/)
      if (inOrder) expect(plan.join('\n'), text).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key/)
    }
  }

  it('reads a page of the saved list, the first and a later one, by favourite_newest', async () => {
    expectIndexed(await plans(read('/api/favourites?limit=10')), true)
    const first = await requestJson<ListingPage>(t.app, '/api/favourites?limit=10', {
      headers: { Cookie: user.cookie },
    })
    expectIndexed(
      await plans(read(`/api/favourites?limit=10&cursor=${first.body.nextCursor}`)),
      true,
    )
  })

  it('reads the ids by favourite_newest', async () => {
    expectIndexed(await plans(read('/api/favourites/ids')), true)
  })

  it('saves and unsaves without a scan', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const explained = await plans(() =>
        t.app.request(`/api/favourites/${unsaved}`, {
          method,
          headers: { Cookie: user.cookie, Origin: testOrigin },
        }),
      )
      for (const { sql, plan } of explained) {
        expect(scansTable(plan, 'listing'), `${sql}\n${plan.join('\n')}`).toBe(false)
        expect(scansTable(plan, 'favourite'), `${sql}\n${plan.join('\n')}`).toBe(false)
      }
    }
  })
})
