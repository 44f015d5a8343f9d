// How the reply figures' SQL runs on each database: the statements GET /api/users/:id/profile
// sends (caught at the driver) are explained; the conversations are read by
// conversation_owner_created, and neither `conversation` nor `user` by a full scan.
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { newId } from '../ids'

const day = 24 * 60 * 60 * 1000

describe.each(dialects)('reply figures query plan on %s', (dialect) => {
  let t: TestApp
  let landlords: TestUser[]

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlords = [await createUser(t.context), await createUser(t.context)]
    const asker = await createUser(t.context)
    // Each landlord 200 conversations over a year, so the window is a part of theirs.
    const now = Date.now()
    for (const landlord of landlords) {
      const listings = await insertListings(
        t.context,
        Array.from({ length: 200 }, () => ({ userRef: landlord.id })),
      )
      await t.context.db.kysely
        .insertInto('conversation')
        .values(
          listings.map((listing, n) => ({
            id: newId(),
            listingId: listing.id,
            askerId: asker.id,
            ownerId: landlord.id,
            createdAt: now - (n * 365 * day) / 200,
            lastMessageId: newId(),
            firstReplyAt: n % 3 === 0 ? null : now - (n * 365 * day) / 200 + 60_000,
          })),
        )
        .execute()
    }
    if (dialect === 'postgres') {
      await t.context.db.kysely.executeQuery(CompiledQuery.raw('vacuum analyze'))
    }
  })
  afterAll(() => t?.close())

  it('reads the landlord and their conversations of the window by index', async () => {
    const statements = await recordStatements(dialect, async () => {
      const response = await t.app.request(`/api/users/${landlords[0]!.id}/profile`)
      expect(response.status).toBe(200)
    })
    const conversations = statements.filter((statement) => /"conversation"/.test(statement.sql))
    expect(conversations).toHaveLength(1)
    for (const statement of statements) {
      const plan = await queryPlan(t.context.db, () => ({
        compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
      }))
      const text = `${statement.sql}\n${plan.join('\n')}`
      expect(scansTable(plan, 'conversation'), text).toBe(false)
      expect(scansTable(plan, 'user'), text).toBe(false)
      if (/"conversation"/.test(statement.sql)) {
        expect(plan.join('\n'), text).toMatch(/conversation_owner_created/)
      }
    }
  })
})
