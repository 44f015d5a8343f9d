import { useState } from 'react'
import type { Conversation } from '../../../../shared/conversation'

/** What a screen reader is told when the other person writes: their newest message since it opened. */
export function useIncomingAnnouncement(conversation: Conversation, userId: string): string {
  const newest = conversation.messages.at(-1)
  const [newestOnOpen] = useState(newest?.id)
  if (!newest || newest.id === newestOnOpen || newest.from.id === userId) return ''
  return `${newest.from.name}: ${newest.body}`
}
