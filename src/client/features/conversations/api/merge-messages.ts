// A conversation on screen grows as it is read: the newest messages polled, older pages loaded on
// scroll, and the user's own replies. Each arrives as a page; this keeps one list of them all.
import type { Conversation, Message } from '../../../../shared/conversation'

/** Oldest first, as the API sends them; messages of one conversation never share a time. */
function byTime(a: Message, b: Message): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The messages of both, each once (by id), oldest first. */
export function mergeMessages(held: Message[], arrived: Message[]): Message[] {
  const byId = new Map(held.map((message) => [message.id, message]))
  for (const message of arrived) byId.set(message.id, message)
  return [...byId.values()].sort(byTime)
}

/**
 * The conversation held, with a page of it that has just arrived (the newest messages, or older
 * ones): every message of both, the header as the server now says, and the `nextBefore` of
 * whichever reaches further back.
 */
export function mergeConversation(
  held: Conversation | undefined,
  arrived: Conversation,
): Conversation {
  if (!held) return arrived
  const [heldOldest] = held.messages
  const [arrivedOldest] = arrived.messages
  const reachesFurther =
    arrivedOldest !== undefined &&
    (heldOldest === undefined || byTime(arrivedOldest, heldOldest) < 0)
  return {
    ...arrived,
    messages: mergeMessages(held.messages, arrived.messages),
    nextBefore: reachesFurther ? arrived.nextBefore : held.nextBefore,
  }
}
