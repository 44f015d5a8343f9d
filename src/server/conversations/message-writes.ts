// Storing messages: a message is stored with everything it changes in one transaction (the
// conversation's last message, both participants' inbox rows, and the job that mails the recipient
// if it stays unread, message-mail-jobs.ts), and once per clientId.
import { countNothing, type CountActivity } from '../listing-stats/count-activity.js'
import { sql, type Kysely } from 'kysely'
import type { Message } from '../../shared/conversation.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { newId } from '../ids.js'
import type { JobQueue } from '../jobs/job-queue.js'
import { messagesQuery, toMessage } from './message-rows.js'

export const messageMailJobKind = 'message-mail'

export interface MessageMailJob {
  conversationId: string
  userId: string
}

/** The job that mails `userId` about a conversation: one per conversation and person. */
export const messageMailJobKey = (job: MessageMailJob) =>
  `${messageMailJobKind}:${job.conversationId}:${job.userId}`

export interface NewMessage {
  senderId: string
  body: string
  clientId?: string
  /** false: no message mail for it, when a mail of its own tells the recipient (a booking's) */
  mail?: boolean
}

/** The outcome of a send: the message, and whether it is new (false: its clientId was sent before). */
export interface SentMessage {
  message: Message
  created: boolean
}

export function createMessageWrites(deps: {
  db: Db
  jobs: Pick<JobQueue, 'enqueue'>
  /** how long a message waits unread before its recipient is mailed */
  mailDelaySeconds: number
  /** counts a new conversation in the listing's statistics */
  countActivity?: CountActivity
}) {
  const { db, jobs, countActivity = countNothing } = deps
  const { kysely } = db

  /**
   * Stores a message (with its clientId, once) and everything it changes. The conversation's row
   * is locked first on PostgreSQL (SQLite has one writer), so that messages of one conversation
   * are stored one at a time, each later than the one before (a new conversation's row names a
   * message not stored yet, and the join finds none).
   */
  async function insertMessage(
    trx: Kysely<Database>,
    conversation: { id: string; askerId: string; ownerId: string },
    message: NewMessage,
    now: number,
    /** the id a new conversation's row already names as its last message */
    id = newId(),
  ): Promise<SentMessage> {
    const lock = db.dialect === 'postgres' ? sql`for update of conversation` : sql``
    const { rows } = await sql<{ lastAt: number }>`
      select message.at as "lastAt" from conversation
      inner join message on message.id = conversation."lastMessageId"
      where conversation.id = ${conversation.id} ${lock}`.execute(trx)
    const at = Math.max(now, Number(rows[0]?.lastAt ?? 0) + 1)
    if (message.clientId !== undefined) {
      const sent = await findByClientId(trx, message.senderId, message.clientId)
      if (sent) return { message: sent, created: false }
    }
    await trx
      .insertInto('message')
      .values({
        id,
        conversationId: conversation.id,
        senderId: message.senderId,
        body: message.body,
        at,
        clientId: message.clientId ?? null,
      })
      .execute()
    const recipientId =
      message.senderId === conversation.ownerId ? conversation.askerId : conversation.ownerId
    await trx
      .updateTable('conversation')
      .set((eb) => ({
        lastMessageId: id,
        ...(message.senderId === conversation.ownerId && {
          firstReplyAt: eb.fn.coalesce('firstReplyAt', eb.val(at)),
        }),
      }))
      .where('id', '=', conversation.id)
      .execute()
    await trx
      .updateTable('conversation_member')
      .set({ lastMessageAt: at })
      .where('conversationId', '=', conversation.id)
      .where('userId', '=', message.senderId)
      .execute()
    await trx
      .updateTable('conversation_member')
      .set((eb) => ({
        lastMessageAt: at,
        unread: eb('unread', '+', 1),
        unreadSince: eb.fn.coalesce('unreadSince', eb.val(at)),
      }))
      .where('conversationId', '=', conversation.id)
      .where('userId', '=', recipientId)
      .execute()
    const job: MessageMailJob = { conversationId: conversation.id, userId: recipientId }
    // A job already waiting for this recipient keeps its earlier time: one mail, not one each.
    if (message.mail !== false) {
      await jobs.enqueue(
        trx,
        [
          {
            key: messageMailJobKey(job),
            kind: messageMailJobKind,
            payload: job,
            runAt: at + deps.mailDelaySeconds * 1000,
          },
        ],
        now,
      )
    }
    const senderName = await trx
      .selectFrom('user')
      .select('name')
      .where('id', '=', message.senderId)
      .executeTakeFirstOrThrow()
    const stored = { id, conversationId: conversation.id, at, body: message.body }
    return {
      message: toMessage({ ...stored, senderId: message.senderId, senderName: senderName.name }),
      created: true,
    }
  }

  async function findByClientId(
    trx: Kysely<Database>,
    senderId: string,
    clientId: string,
  ): Promise<Message | undefined> {
    const row = await messagesQuery(trx)
      .where('message.senderId', '=', senderId)
      .where('message.clientId', '=', clientId)
      .executeTakeFirst()
    return row && toMessage(row)
  }

  async function writeAbout(
    trx: Kysely<Database>,
    listing: { id: string; userRef: string },
    askerId: string,
    message: NewMessage,
    now: number,
  ): Promise<SentMessage & { conversationId: string; newConversation: boolean }> {
    const id = newId()
    // The first message's id is the conversation's last message from the start.
    const firstMessageId = newId()
    const inserted = await trx
      .insertInto('conversation')
      .values({
        id,
        listingId: listing.id,
        askerId,
        ownerId: listing.userRef,
        createdAt: now,
        lastMessageId: firstMessageId,
        firstReplyAt: null,
      })
      .onConflict((conflict) => conflict.columns(['listingId', 'askerId']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const existing = await trx
        .selectFrom('conversation')
        .select(['id', 'askerId', 'ownerId'])
        .where('listingId', '=', listing.id)
        .where('askerId', '=', askerId)
        .executeTakeFirstOrThrow()
      const sent = await insertMessage(trx, existing, message, now)
      return { ...sent, conversationId: existing.id, newConversation: false }
    }
    await trx
      .insertInto('conversation_member')
      .values([
        { conversationId: id, userId: askerId, lastMessageAt: now, unreadSince: null },
        { conversationId: id, userId: listing.userRef, lastMessageAt: now, unreadSince: null },
      ])
      .execute()
    const conversation = { id, askerId, ownerId: listing.userRef }
    const sent = await insertMessage(trx, conversation, message, now, firstMessageId)
    return { ...sent, conversationId: id, newConversation: true }
  }

  return {
    /** The message `senderId` already sent with `clientId`, if any: a resend stores nothing. */
    findByClientId: (senderId: string, clientId: string) =>
      findByClientId(kysely, senderId, clientId),

    /**
     * Sends `askerId`'s message about the listing: in their conversation about it, which is made
     * now unless they have one. The caller has checked that they may.
     */
    async ask(
      listing: { id: string; userRef: string },
      askerId: string,
      message: { body: string; clientId?: string },
      now = Date.now(),
    ): Promise<SentMessage & { conversationId: string }> {
      const { newConversation, ...sent } = await kysely
        .transaction()
        .execute((trx) => writeAbout(trx, listing, askerId, { senderId: askerId, ...message }, now))
      if (newConversation) await countActivity(listing.id, 'conversations')
      return sent
    },

    /**
     * Writes `message` in the conversation between `askerId` and the listing's owner inside the
     * caller's transaction, starting it when they have none: a booking's line in it, for one.
     */
    writeAbout,

    /** Adds a message to a conversation `senderId` takes part in (the caller checked that). */
    async send(
      conversation: { id: string; askerId: string; ownerId: string },
      senderId: string,
      message: { body: string; clientId?: string },
      now = Date.now(),
    ): Promise<SentMessage> {
      return kysely
        .transaction()
        .execute((trx) => insertMessage(trx, conversation, { senderId, ...message }, now))
    },
  }
}
