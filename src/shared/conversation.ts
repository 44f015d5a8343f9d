// Conversations between a listing's owner and a person asking about it: what the API sends and
// takes (ARCHITECTURE.md, "Conversations…"), for the server and the screens alike. No zod here:
// the listing page imports it.
import type { ListingStatus, ListingType } from './listing.js'
import { isPlainLines, plainTextMessage } from './plain-text.js'

export interface Participant {
  id: string
  name: string
}

export interface Message {
  id: string
  conversationId: string
  from: Participant
  body: string
  /** ISO 8601 */
  at: string
}

export interface ConversationListing {
  id: string
  name: string
  type: ListingType
  /** the cover photo, or null for a listing without photos */
  imageUrl: string | null
  status: ListingStatus
}

interface ConversationParts {
  id: string
  listing: ConversationListing
  asker: Participant
  owner: Participant
  /** messages the caller has not read */
  unread: number
}

export interface Conversation extends ConversationParts {
  /** oldest first: the newest 50, or the 50 before `before` */
  messages: Message[]
  /** the `before` of the next older messages, or null when these are the first */
  nextBefore: string | null
}

export interface ConversationSummary extends ConversationParts {
  lastMessage: Message
}

export interface ConversationPage {
  items: ConversationSummary[]
  nextCursor: string | null
}

export const messageLimits = {
  bodyLength: { min: 1, max: 2000 },
  /** messages a conversation returns at once, and older ones a page */
  pageSize: 50,
  /** conversations an inbox page holds */
  inboxPageSize: 20,
  /** new conversations an account may start a day */
  newConversationsPerDay: 20,
  /** messages an account may send an hour */
  messagesPerHour: 200,
} as const

/** The first message the listing page suggests. */
export const suggestedFirstMessage = 'Hi, is this home still available?'

/**
 * What is wrong with a message's text, or undefined when it may be sent. One rule for the server's
 * schema (message-schema.ts) and the screens, which check without loading zod.
 */
export function messageBodyProblem(body: string): string | undefined {
  const text = body.trim()
  if (text.length < messageLimits.bodyLength.min) return 'Write a message'
  if (text.length > messageLimits.bodyLength.max) {
    return `At most ${messageLimits.bodyLength.max} characters`
  }
  if (!isPlainLines(text)) return plainTextMessage
  return undefined
}

/** The conversation's screen. */
export function conversationPath(conversationId: string): string {
  return `/messages/${encodeURIComponent(conversationId)}`
}

/** A person's first name, for 'Message Ana': the first word of their name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? name
}
