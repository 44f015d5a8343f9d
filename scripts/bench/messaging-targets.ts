// What the messaging block requests, as the signed-in landlord's browser would: the inbox's first
// page and a later one, the long conversation's newest messages and an older page, the unread
// count. None is cached (`private, no-store`): every request reads the database.
import type { ConversationPage } from '../../src/shared/conversation.js'
import type { App } from '../../src/server/app.js'
import type { Db, Dialect } from '../../src/server/db/database.js'
import { countStatements } from '../../tests/support/statements.js'
import { messagingScale, type MessagingSeed } from './messaging-seed.js'
import type { Target } from './targets.js'

export const messagingTargetNames = [
  'inbox',
  'inbox-later',
  'conversation',
  'conversation-older',
  'unread',
] as const
export type MessagingTargetName = (typeof messagingTargetNames)[number]

/** The inbox page `inbox-later` asks for, by following the API's cursors. */
export const laterInboxPage = 10

export interface MessagingFacts {
  name: MessagingTargetName
  /** SQL statements one request sends, counted at the driver in this process */
  statements: number
}

export async function chooseMessagingTargets(
  db: Db,
  app: App,
  seed: MessagingSeed,
): Promise<Target[]> {
  const headers = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    cookie: seed.cookie,
  }
  const read = async <T>(path: string): Promise<T> => {
    const response = await app.request(path, { headers })
    if (response.status !== 200) {
      throw new Error(`${path} responded ${response.status}: ${await response.text()}`)
    }
    return (await response.json()) as T
  }
  let cursor: string | null = null
  for (let page = 1; page < laterInboxPage; page++) {
    const body: ConversationPage = await read(
      cursor ? `/api/conversations?cursor=${cursor}` : '/api/conversations',
    )
    cursor = body.nextCursor
    if (!cursor) throw new Error(`The inbox has ${page} pages, fewer than ${laterInboxPage}`)
  }
  // Older than the message halfway through the conversation: page 101 of 200.
  const middle = await db.kysely
    .selectFrom('message')
    .select('id')
    .where('conversationId', '=', seed.longConversationId)
    .orderBy('at', 'desc')
    .offset(messagingScale.longConversation / 2)
    .limit(1)
    .executeTakeFirstOrThrow()
  const conversation = `/api/conversations/${seed.longConversationId}`
  const target = (name: MessagingTargetName, path: string): Target => ({ name, path, headers })
  return [
    target('inbox', '/api/conversations'),
    target('inbox-later', `/api/conversations?cursor=${cursor}`),
    target('conversation', conversation),
    target('conversation-older', `${conversation}?before=${middle.id}`),
    target('unread', '/api/conversations/unread'),
  ]
}

export async function messagingFacts(
  dialect: Dialect,
  app: App,
  targets: Target[],
): Promise<MessagingFacts[]> {
  const facts: MessagingFacts[] = []
  for (const target of targets) {
    const statements = await countStatements(dialect, async () => {
      const response = await app.request(target.path, { headers: target.headers })
      if (response.status !== 200) throw new Error(`${target.path} responded ${response.status}`)
      await response.arrayBuffer()
    })
    facts.push({ name: target.name as MessagingTargetName, statements })
  }
  return facts
}
