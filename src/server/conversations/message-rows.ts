// A message as the API shows it (with its sender's name), read for conversations and for resends.
import type { Kysely } from 'kysely'
import type { Message } from '../../shared/conversation.js'
import { prepared } from '../db/prepared-statements.js'
import type { Database } from '../db/schema.js'

export interface MessageRow {
  id: string
  conversationId: string
  senderId: string
  senderName: string
  body: string
  at: number
}

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  conversationId: row.conversationId,
  from: { id: row.senderId, name: row.senderName },
  body: row.body,
  at: new Date(Number(row.at)).toISOString(),
})

/** Messages with their sender's name, for a caller to narrow and order. */
export const messagesQuery = (kysely: Kysely<Database>) =>
  kysely
    .selectFrom('message')
    .modifyFront(prepared)
    .innerJoin('user', 'user.id', 'message.senderId')
    .select([
      'message.id',
      'message.conversationId',
      'message.senderId',
      'user.name as senderName',
      'message.body',
      'message.at',
    ])
