// Conversations written straight to their tables in batches, for the query plan test and the
// benchmark: thousands of messages in a second or two, where the API would store them one by one.
// The rows are what the API would have stored: the last message, both members' inbox rows, unread.
import type { Insertable } from 'kysely'
import type { Db } from '../../src/server/db/database'
import type { MessageTable } from '../../src/server/db/schema'
import { newId } from '../../src/server/ids'

export interface ConversationRows {
  listingId: string
  askerId: string
  ownerId: string
  /** how many messages, the asker's first, then the owner's and the asker's in turn */
  messages: number
  /** when the last message was sent; the ones before it are a minute apart */
  lastAt: number
  /** the last message is still unread by its recipient */
  unread?: boolean
}

const batchSize = 500
const minute = 60_000

/** Inserts the conversations and their messages; returns their ids, in order. */
export async function insertConversations(
  db: Db,
  conversations: ConversationRows[],
): Promise<string[]> {
  const ids = conversations.map(() => newId())
  const lastMessageIds = conversations.map(() => newId())
  const messageTime = (conversation: ConversationRows, k: number) =>
    conversation.lastAt - (conversation.messages - 1 - k) * minute
  const senderOf = (conversation: ConversationRows, k: number) =>
    k % 2 ? conversation.ownerId : conversation.askerId
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < conversations.length; start += batchSize) {
      const batch = conversations.slice(start, start + batchSize)
      await trx
        .insertInto('conversation')
        .values(
          batch.map((conversation, offset) => ({
            id: ids[start + offset]!,
            listingId: conversation.listingId,
            askerId: conversation.askerId,
            ownerId: conversation.ownerId,
            createdAt: messageTime(conversation, 0),
            lastMessageId: lastMessageIds[start + offset]!,
            firstReplyAt: conversation.messages > 1 ? messageTime(conversation, 1) : null,
          })),
        )
        .execute()
      await trx
        .insertInto('conversation_member')
        .values(
          batch.flatMap((conversation, offset) => {
            const lastSender = senderOf(conversation, conversation.messages - 1)
            return [conversation.askerId, conversation.ownerId].map((userId) => {
              const unread = conversation.unread === true && userId !== lastSender
              return {
                conversationId: ids[start + offset]!,
                userId,
                lastMessageAt: conversation.lastAt,
                unread: unread ? 1 : 0,
                unreadSince: unread ? conversation.lastAt : null,
                mailedAt: null,
              }
            })
          }),
        )
        .execute()
    }
    // Batches of messages across conversations, made as they are inserted: ten thousand of one
    // conversation never sit in memory at once.
    let rows: Insertable<MessageTable>[] = []
    for (const [n, conversation] of conversations.entries()) {
      for (let k = 0; k < conversation.messages; k++) {
        const last = k === conversation.messages - 1
        rows.push({
          id: last ? lastMessageIds[n]! : newId(),
          conversationId: ids[n]!,
          senderId: senderOf(conversation, k),
          body: `Message ${k + 1}: is the flat still free in March, and may I see it this week?`,
          at: messageTime(conversation, k),
          clientId: null,
        })
        if (rows.length === batchSize) {
          await trx.insertInto('message').values(rows).execute()
          rows = []
        }
      }
    }
    if (rows.length > 0) await trx.insertInto('message').values(rows).execute()
  })
  return ids
}

/** Users written straight to Better Auth's table (no password: nobody signs in as them). */
export async function insertUsers(db: Db, count: number, name = 'Bench Asker'): Promise<string[]> {
  const now = new Date().toISOString()
  const users = Array.from({ length: count }, (_, n) => ({
    id: newId(32),
    name: `${name} ${n + 1}`,
    email: `${name.toLowerCase().replace(/\W+/g, '-')}-${n + 1}-${newId(8)}@example.com`,
    emailVerified: db.bool(true),
    image: null,
    createdAt: now,
    updatedAt: now,
  }))
  for (let start = 0; start < users.length; start += batchSize) {
    await db.kysely
      .insertInto('user')
      .values(users.slice(start, start + batchSize))
      .execute()
  }
  return users.map((user) => user.id)
}
