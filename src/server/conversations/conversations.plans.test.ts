// How the conversations' SQL runs on each database: every statement the routes send (caught at
// the driver) is explained, each read finds its rows by its index, and no statement reads
// `conversation`, `message` or `conversation_member` whole.
import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conversation, ConversationPage } from '../../shared/conversation'
import { insertConversations, insertUsers } from '../../../tests/support/conversation-rows'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { requestPlans } from '../../../tests/support/request-plans'
import {
  createTestApp,
  dialects,
  insertListings,
  requestJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'

const base = Date.UTC(2025, 0, 15)
const tables = ['conversation', 'message', 'conversation_member', 'listing', 'user']

/** The index a statement should read, as each database's plan names it. */
const indexes = {
  inbox: { sqlite: /conversation_member_inbox/, postgres: /conversation_member_inbox/ },
  unread: { sqlite: /conversation_member_unread/, postgres: /conversation_member_unread/ },
  messages: { sqlite: /message_conversation_at/, postgres: /message_conversation_at/ },
  // SQLite names the index of a unique constraint or primary key itself: its columns say which.
  clientId: {
    sqlite: /sqlite_autoindex_message_\d \(senderId=\? AND clientId=\?\)/,
    postgres: /message_sender_client/,
  },
  listingAsker: {
    sqlite: /sqlite_autoindex_conversation_\d \(listingId=\? AND askerId=\?\)/,
    postgres: /conversation_listing_asker/,
  },
  conversationKey: {
    sqlite: /sqlite_autoindex_conversation_\d \(id=\?\)/,
    postgres: /conversation_pkey/,
  },
  messageKey: {
    sqlite: /sqlite_autoindex_message_\d \(id=\?\)/,
    postgres: /message_pkey/,
  },
  memberKey: {
    sqlite: /sqlite_autoindex_conversation_member_\d \(conversationId=\? AND userId=\?\)/,
    postgres: /conversation_member_pk/,
  },
}

describe.each(dialects)('conversation query plans on %s', (dialect) => {
  let t: TestApp
  let me: SignedInUser
  let peer: SignedInUser
  /** the conversation of 2,000 messages between `peer` and `me` */
  let long: string
  /** a listing of mine nobody but the bulk askers asked about */
  let unasked: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    me = await signUpAndIn(t.context, { name: 'Olivia Landlord' })
    peer = await signUpAndIn(t.context, { name: 'Ana Asker' })
    const askers = await insertUsers(t.context.db, 300)
    const owners = await insertUsers(t.context.db, 20, 'Bench Landlord')
    const mine = await insertListings(
      t.context,
      Array.from({ length: 20 }, (_, n) => ({ userRef: me.id, timestamp: base + n })),
    )
    const theirs = await insertListings(
      t.context,
      Array.from({ length: 200 }, (_, n) => ({ userRef: owners[n % 20]!, timestamp: base + n })),
    )
    unasked = mine[19]!.id
    // 300 conversations in my inbox, a third of them unread, among 1,200 of other people.
    const conversations = askers.flatMap((askerId, n) => [
      {
        listingId: mine[n % 19]!.id,
        askerId,
        ownerId: me.id,
        messages: 2 + (n % 2),
        lastAt: base + n * 60_000,
        unread: n % 3 === 0,
      },
      ...[0, 1, 2, 3].map((k) => ({
        listingId: theirs[(n + k * 50) % 200]!.id,
        askerId,
        ownerId: owners[(n + k * 50) % 20]!,
        messages: 2,
        lastAt: base + n * 60_000 + k,
        unread: k % 2 === 0,
      })),
    ])
    const [longId] = await insertConversations(t.context.db, [
      {
        listingId: mine[0]!.id,
        askerId: peer.id,
        ownerId: me.id,
        messages: 2_000,
        lastAt: base + 400 * 60_000,
      },
    ])
    long = longId!
    await insertConversations(t.context.db, conversations)
    // What autovacuum would have done by now: statistics, so that the planner chooses as it
    // would on a real database.
    if (dialect === 'postgres') {
      await t.context.db.kysely.executeQuery(CompiledQuery.raw('vacuum analyze'))
    }
  })
  afterAll(() => t?.close())

  const { plans, expectNoScan, expectIndex } = requestPlans({
    dialect,
    db: () => t.context.db,
    ownTables: ['conversation', 'message', 'conversation_member'],
    tables,
    indexes,
  })

  const read = (path: string) => () => t.app.request(path, { headers: { Cookie: me.cookie } })
  const post = (path: string, user: SignedInUser, body?: unknown) => () =>
    t.app.request(path, {
      method: 'POST',
      headers: { Cookie: user.cookie, Origin: testOrigin, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
  const inboxSql = /order by "member"\."lastMessageAt" desc/

  it('reads the inbox, its first page and the page after a cursor, by conversation_member_inbox', async () => {
    const first = await plans(read('/api/conversations'))
    expectNoScan(first)
    expectIndex(first, inboxSql, 'inbox', true)
    const { body } = await requestJson<ConversationPage>(t.app, '/api/conversations', {
      headers: { Cookie: me.cookie },
    })
    expect(body.nextCursor).not.toBeNull()
    const later = await plans(read(`/api/conversations?cursor=${body.nextCursor}`))
    expectNoScan(later)
    expectIndex(later, inboxSql, 'inbox', true)
  })

  it('counts the unread conversations by the partial index conversation_member_unread', async () => {
    const explained = await plans(read('/api/conversations/unread'))
    expectNoScan(explained)
    expectIndex(explained, /count\(\*\)/, 'unread')
  })

  it("reads a conversation's newest 50 messages and the older page by message_conversation_at", async () => {
    const messagesSql = /order by "message"\."at" desc/
    const newest = await plans(read(`/api/conversations/${long}`))
    expectNoScan(newest)
    expectIndex(newest, messagesSql, 'messages', true)
    const { body } = await requestJson<Conversation>(t.app, `/api/conversations/${long}`, {
      headers: { Cookie: me.cookie },
    })
    const older = await plans(read(`/api/conversations/${long}?before=${body.nextBefore}`))
    expectNoScan(older)
    expectIndex(older, messagesSql, 'messages', true)
    expectIndex(older, /^select "at" from "message" where "id" =/, 'messageKey')
    expectIndex(older, /^select "id", "askerId", "ownerId" from "conversation"/, 'conversationKey')
  })

  it('stores a message, and finds its resend by message_sender_client, without a scan', async () => {
    const message = { body: 'Could I come on Saturday?', clientId: 'plans-client-id-0001' }
    const send = post(`/api/conversations/${long}/messages`, peer, message)
    const stored = await plans(send)
    expectNoScan(stored)
    expectIndex(stored, /where "message"\."senderId" = \S+ and "message"\."clientId" =/, 'clientId')
    expectIndex(stored, /^update "conversation_member"/, 'memberKey')
    expectIndex(stored, /^update "conversation" /, 'conversationKey')
    // The last message's time, read with the conversation's row locked on PostgreSQL.
    expectIndex(stored, /^\s*select message\.at/, 'conversationKey')
    const resent = await plans(send)
    expectNoScan(resent)
    expectIndex(resent, /"message"\."clientId" =/, 'clientId')
  })

  it('marks a conversation read by its primary key', async () => {
    const explained = await plans(post(`/api/conversations/${long}/read`, me))
    expectNoScan(explained)
    expectIndex(explained, /^update "conversation_member"/, 'memberKey')
  })

  it("finds the asker's conversation about a listing by conversation_listing_asker", async () => {
    const ask = { body: 'Hi, is this home still available?' }
    const explained = await plans(post(`/api/listings/${unasked}/conversations`, peer, ask))
    expectNoScan(explained)
    expectIndex(explained, /^select "id" from "conversation" where "listingId" =/, 'listingAsker')
  })
})
