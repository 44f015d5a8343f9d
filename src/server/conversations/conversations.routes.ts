// /api/conversations and POST /api/listings/:id/conversations (the API contract): a listing's owner
// and the people who ask about it write to each other. Only the two participants ever see a
// conversation; anyone else gets the 404 of a conversation that does not exist.
import { privateResponse } from '../http/json-response.js'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { ErrorBody } from '../../shared/error-body.js'
import { idPattern } from '../../shared/ids.js'
import { messageLimits, type ConversationPage } from '../../shared/conversation.js'
import { messageSchema, type MessageBody } from '../../shared/message-schema.js'
import type { Auth } from '../auth/auth.js'
import { requireUser, type SignedInEnv } from '../auth/session.js'
import type { RequestLimits } from '../http/rate-limit.js'
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../lib/time-id-cursor.js'
import { parseJsonBody, validate } from '../http/validate.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { ConversationQueries } from './conversations.queries.js'

const inboxCursor = 'c'

const inboxQuery = z.object({
  cursor: z
    .string()
    .transform((value, ctx) => {
      const key = decodeTimeIdCursor(inboxCursor, value)
      if (!key) {
        ctx.addIssue({ code: 'custom', message: 'Not a cursor from this API' })
        return z.NEVER
      }
      return key
    })
    .optional(),
})

const conversationQuery = z.object({
  before: z.string().regex(idPattern, 'Not a message id').optional(),
})

const conversationNotFound: ErrorBody = { error: 'Conversation not found' }
/** A resend names its message by clientId: one already sent elsewhere is not this message. */
const clientIdTaken: ErrorBody = {
  error: 'This clientId was sent with a message of another conversation',
  fields: { clientId: 'Send this message with a new clientId' },
}
const listingNotFound: ErrorBody = { error: 'Listing not found' }

// One person's messages: neither a shared cache nor the browser's may keep them.

/** Per account, whichever server the requests reach (counted in the database). */
export const conversationLimits = {
  newConversations: {
    name: 'conversations-day',
    windowSeconds: 24 * 60 * 60,
    max: messageLimits.newConversationsPerDay,
  },
  messages: { name: 'messages-hour', windowSeconds: 60 * 60, max: messageLimits.messagesPerHour },
} as const

export function conversationsRoutes(deps: {
  auth: Auth
  conversations: ConversationQueries
  listings: Pick<ListingQueries, 'get'>
  requestLimits: RequestLimits
}) {
  const { auth, conversations, listings, requestLimits } = deps

  /** Counts one against the account's limit; the 429 response to send when it is over. */
  async function overLimit(
    c: Context,
    rule: (typeof conversationLimits)[keyof typeof conversationLimits],
    userId: string,
  ): Promise<Response | undefined> {
    const consumed = await requestLimits.consume(`${rule.name}:${userId}`, rule)
    if (consumed.allowed) return undefined
    c.header('Retry-After', String(consumed.retryAfterSeconds))
    const error =
      rule === conversationLimits.messages
        ? `You can send ${rule.max} messages an hour: try again later`
        : `You can start ${rule.max} conversations a day: try again tomorrow`
    return c.json({ error } satisfies ErrorBody, 429)
  }

  /** The conversation, when `userId` is one of its two participants. */
  async function participantOf(id: string, userId: string) {
    const conversation = idPattern.test(id) ? await conversations.participants(id) : undefined
    const takesPart = conversation?.askerId === userId || conversation?.ownerId === userId
    return takesPart ? conversation : undefined
  }

  /** The message sent before with the same clientId: sent back, 200, not stored twice. */
  async function alreadySent(userId: string, body: MessageBody) {
    if (body.clientId === undefined) return undefined
    return conversations.findByClientId(userId, body.clientId)
  }

  const ask = new Hono<SignedInEnv>().post('/:id/conversations', requireUser(auth), async (c) => {
    const user = c.get('user')
    const listingId = c.req.param('id')
    const listing = idPattern.test(listingId) ? await listings.get(listingId) : undefined
    if (!listing) return c.json(listingNotFound, 404)
    if (listing.userRef === user.id) {
      const error = 'This is your own listing: people who ask about it write to you'
      return c.json({ error } satisfies ErrorBody, 403)
    }
    const parsed = await parseJsonBody(c.req.raw, messageSchema, 'Invalid message')
    if ('error' in parsed) return c.json(parsed.error, parsed.status)
    const body = parsed.data
    const sent = await alreadySent(user.id, body)
    if (sent) {
      const conversation = await conversations.get(sent.conversationId, user.id)
      if (conversation?.listing.id !== listing.id) return c.json(clientIdTaken, 409)
      return c.json(conversation, 200, privateResponse)
    }
    if (!(await conversations.findId(listing.id, user.id))) {
      // A closed home's conversations go on; nobody starts a new one about it.
      if (listing.status !== 'active') {
        const error = `This home is ${listing.status}: no new conversations can start about it`
        return c.json({ error } satisfies ErrorBody, 409)
      }
      const limited = await overLimit(c, conversationLimits.newConversations, user.id)
      if (limited) return limited
    }
    const limited = await overLimit(c, conversationLimits.messages, user.id)
    if (limited) return limited
    const { conversationId, created, message } = await conversations.ask(listing, user.id, body)
    // The same clientId sent meanwhile by another request, about another listing.
    if (message.conversationId !== conversationId) return c.json(clientIdTaken, 409)
    const conversation = await conversations.get(conversationId, user.id)
    return c.json(conversation!, created ? 201 : 200, privateResponse)
  })

  const conversationRoutes = new Hono<SignedInEnv>()
    .use(requireUser(auth))
    .get('/', validate('query', inboxQuery, 'Invalid inbox query'), async (c) => {
      const page = await conversations.inbox(c.get('user').id, c.req.valid('query').cursor)
      const body: ConversationPage = {
        items: page.items,
        nextCursor: page.last ? encodeTimeIdCursor(inboxCursor, page.last) : null,
      }
      return c.json(body, 200, privateResponse)
    })
    .get('/unread', async (c) => {
      const count = await conversations.unreadCount(c.get('user').id)
      return c.json({ count }, 200, privateResponse)
    })
    .get('/:id', validate('query', conversationQuery, 'Invalid conversation query'), async (c) => {
      const id = c.req.param('id')
      const userId = c.get('user').id
      const { before } = c.req.valid('query')
      if (before === undefined) {
        // Its header is read for the caller's side only, which checks that they take part: one
        // statement less for the read an open conversation repeats every 2 seconds.
        const body = idPattern.test(id) ? await conversations.get(id, userId) : undefined
        return body ? c.json(body, 200, privateResponse) : c.json(conversationNotFound, 404)
      }
      const conversation = await participantOf(id, userId)
      if (!conversation) return c.json(conversationNotFound, 404)
      const beforeTime = await conversations.messageTime(conversation.id, before)
      if (beforeTime === undefined) {
        const fields = { before: 'Not a message of this conversation' }
        return c.json({ error: 'Invalid conversation query', fields } satisfies ErrorBody, 400)
      }
      const body = await conversations.get(conversation.id, userId, beforeTime)
      return c.json(body!, 200, privateResponse)
    })
    .post('/:id/messages', async (c) => {
      const userId = c.get('user').id
      const conversation = await participantOf(c.req.param('id'), userId)
      if (!conversation) return c.json(conversationNotFound, 404)
      const parsed = await parseJsonBody(c.req.raw, messageSchema, 'Invalid message')
      if ('error' in parsed) return c.json(parsed.error, parsed.status)
      const sent = await alreadySent(userId, parsed.data)
      if (sent && sent.conversationId !== conversation.id) return c.json(clientIdTaken, 409)
      if (sent) return c.json(sent, 200, privateResponse)
      const limited = await overLimit(c, conversationLimits.messages, userId)
      if (limited) return limited
      const stored = await conversations.send(conversation, userId, parsed.data)
      // The same clientId sent meanwhile by another request, to another conversation.
      if (stored.message.conversationId !== conversation.id) return c.json(clientIdTaken, 409)
      return c.json(stored.message, stored.created ? 201 : 200, privateResponse)
    })
    .post('/:id/read', async (c) => {
      const userId = c.get('user').id
      const conversation = await participantOf(c.req.param('id'), userId)
      if (!conversation) return c.json(conversationNotFound, 404)
      await conversations.markRead(conversation.id, userId)
      return c.body(null, 204)
    })

  return { ask, conversations: conversationRoutes }
}
