import type { Participant } from '../../../../shared/conversation'

/** Who the user talks to in a conversation: the owner for the one who asked, and the other way. */
export function otherParticipant(
  conversation: { asker: Participant; owner: Participant },
  userId: string,
): Participant {
  return conversation.owner.id === userId ? conversation.asker : conversation.owner
}
