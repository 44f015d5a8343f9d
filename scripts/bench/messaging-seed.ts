// The messaging block's data: a landlord with 1,000 conversations, one of them 10,000 messages
// long, among 4,000 conversations of other people, written in batches straight to the tables
// (tests/support/conversation-rows.ts), beside the bench's 1,000 listings.
import { sql } from 'kysely'
import type { AppContext } from '../../src/server/app.js'
import { insertConversations, insertUsers } from '../../tests/support/conversation-rows.js'
import { signUpAndIn } from '../../tests/support/sign-in.js'
import { seedListings, type BenchCity } from './seed.js'

export const messagingScale = {
  listings: 1_000,
  /** the landlord's conversations */
  conversations: 1_000,
  /** the messages of the landlord's longest conversation */
  longConversation: 10_000,
  /** conversations each asker has about other people's homes */
  othersEach: 4,
  /** the landlord's homes people ask about */
  ownHomes: 20,
}

export interface MessagingSeed {
  conversations: number
  messages: number
  /** time spent inserting listings, users, conversations and messages */
  seedMs: number
  /** the landlord's session cookie */
  cookie: string
  landlordId: string
  /** the 10,000-message conversation */
  longConversationId: string
}

const minute = 60_000

export async function seedMessaging(
  context: AppContext,
  cities: BenchCity[],
): Promise<MessagingSeed> {
  const { db } = context
  const started = performance.now()
  await seedListings(db, messagingScale.listings, cities)
  // One password hash: the landlord signs in, everyone else is a row.
  const landlord = await signUpAndIn(context, { name: 'Bench Landlord' })
  const listings = await db.kysely
    .selectFrom('listing')
    .select('id')
    .orderBy('timestamp', 'desc')
    .execute()
  const own = listings.slice(0, messagingScale.ownHomes).map((listing) => listing.id)
  const others = listings.slice(messagingScale.ownHomes)
  await db.kysely
    .updateTable('listing')
    .set({ userRef: landlord.id })
    .where('id', 'in', own)
    .execute()
  const owners = new Map(
    (await db.kysely.selectFrom('listing').select(['id', 'userRef']).execute()).map((row) => [
      row.id,
      row.userRef,
    ]),
  )
  const askers = await insertUsers(db, messagingScale.conversations)
  const now = Date.now()
  const [longConversationId] = await insertConversations(db, [
    {
      listingId: own[0]!,
      askerId: askers[0]!,
      ownerId: landlord.id,
      messages: messagingScale.longConversation,
      lastAt: now,
    },
  ])
  // The landlord's other conversations a minute apart, a third of them unread; each asker's
  // conversations about other homes beside them, so the tables are not all the landlord's.
  const conversations = askers.flatMap((askerId, n) => [
    ...(n === 0
      ? []
      : [
          {
            listingId: own[n % own.length]!,
            askerId,
            ownerId: landlord.id,
            messages: 2 + (n % 3),
            lastAt: now - n * minute,
            unread: n % 3 === 0,
          },
        ]),
    ...Array.from({ length: messagingScale.othersEach }, (_, k) => {
      const listingId = others[(n * messagingScale.othersEach + k) % others.length]!.id
      return {
        listingId,
        askerId,
        ownerId: owners.get(listingId)!,
        messages: 3,
        lastAt: now - n * minute - k,
        unread: k % 2 === 0,
      }
    }),
  ])
  await insertConversations(db, conversations)
  const seedMs = performance.now() - started
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely)
  return {
    conversations: conversations.length + 1,
    messages:
      messagingScale.longConversation +
      conversations.reduce((total, conversation) => total + conversation.messages, 0),
    seedMs,
    cookie: landlord.cookie,
    landlordId: landlord.id,
    longConversationId: longConversationId!,
  }
}
