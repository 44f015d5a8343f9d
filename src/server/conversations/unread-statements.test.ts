// The unread count is asked on every page a signed-in person opens (the header's 'Messages'), so
// its cost is a budget: at most 2 SQL statements a request, the session and the count, however
// many conversations the person has. Counted at the driver (tests/support/statements.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertConversations, insertUsers } from '../../../tests/support/conversation-rows'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
} from '../../../tests/support/test-app'

const maxStatements = 2

describe.each(dialects)('statements of the unread count on %s', (dialect) => {
  let t: TestApp
  let few: SignedInUser
  let many: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    few = await signUpAndIn(t.context)
    many = await signUpAndIn(t.context)
    const askers = await insertUsers(t.context.db, 200)
    const conversationsOf = async (owner: SignedInUser, count: number) => {
      const home = await insertListing(t.context, { userRef: owner.id })
      await insertConversations(
        t.context.db,
        askers.slice(0, count).map((askerId, n) => ({
          listingId: home.id,
          askerId,
          ownerId: owner.id,
          messages: 1,
          lastAt: Date.UTC(2025, 0, 15) + n,
          unread: n % 2 === 0,
        })),
      )
    }
    await conversationsOf(few, 3)
    await conversationsOf(many, 200)
  })
  afterAll(() => t?.close())

  it.each([
    ['3 conversations', () => few, 2],
    ['200 conversations', () => many, 100],
  ])(`counts with %s in at most ${maxStatements} statements`, async (_name, user, unread) => {
    const statements = await recordStatements(dialect, async () => {
      const response = await requestJson<{ count: number }>(t.app, '/api/conversations/unread', {
        headers: { Cookie: user().cookie },
      })
      expect(response.status).toBe(200)
      expect(response.body.count).toBe(unread)
    })
    const sent = statements.map((statement) => statement.sql).join('\n')
    expect(statements.length, sent).toBeLessThanOrEqual(maxStatements)
  })
})
