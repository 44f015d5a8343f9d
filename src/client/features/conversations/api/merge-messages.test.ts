import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../../../shared/conversation'
import { mergeConversation, mergeMessages } from './merge-messages'

const message = (id: string, second: number): Message => ({
  id,
  conversationId: 'c1',
  from: { id: 'u1', name: 'Ana' },
  body: `message ${id}`,
  at: new Date(Date.UTC(2026, 10, 26, 10, 0, second)).toISOString(),
})

const conversation = (
  messages: Message[],
  nextBefore: string | null,
  unread = 0,
): Conversation => ({
  id: 'c1',
  listing: { id: 'l1', name: 'Flat', type: 'rent', imageUrl: null, status: 'active' },
  asker: { id: 'u1', name: 'Ana' },
  owner: { id: 'u2', name: 'Bo' },
  messages,
  nextBefore,
  unread,
})

const ids = (messages: Message[]) => messages.map((each) => each.id)

describe('messages merged from several pages', () => {
  it('holds each message once, oldest first', () => {
    const merged = mergeMessages(
      [message('b', 2), message('c', 3)],
      [message('c', 3), message('a', 1), message('d', 4)],
    )
    expect(ids(merged)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('a conversation merged with a page that arrives', () => {
  it('takes the first page as it is', () => {
    const first = conversation([message('b', 2)], 'b')
    expect(mergeConversation(undefined, first)).toBe(first)
  })

  it('keeps the older messages loaded, and their nextBefore, when new ones are polled', () => {
    const held = conversation([message('a', 1), message('b', 2)], null)
    const polled = conversation([message('b', 2), message('c', 3)], 'b', 1)
    const merged = mergeConversation(held, polled)
    expect(ids(merged.messages)).toEqual(['a', 'b', 'c'])
    expect(merged.nextBefore).toBeNull()
    // The header is the server's latest word.
    expect(merged.unread).toBe(1)
  })

  it('takes the nextBefore of an older page, which reaches further back', () => {
    const held = conversation([message('c', 3), message('d', 4)], 'c')
    const older = conversation([message('a', 1), message('b', 2)], 'a')
    const merged = mergeConversation(held, older)
    expect(ids(merged.messages)).toEqual(['a', 'b', 'c', 'd'])
    expect(merged.nextBefore).toBe('a')
  })
})
