// An open conversation: the listing it is about, the messages as bubbles, and a box to reply. A
// reply that could not be sent stays on screen with Retry, and is stored once however often it is
// retried.
import { useCallback, useState } from 'react'
import type { Conversation } from '../../../../shared/conversation'
import { ApiError } from '../../../api/http'
import { newClientId } from '../api/client-id'
import { useLoadOlderMessages, useSendMessage } from '../api/conversations'
import { useIncomingAnnouncement } from '../hooks/use-incoming-announcement'
import { useMarkReadWhileVisible } from '../hooks/use-mark-read-while-visible'
import { ConversationHeader } from './ConversationHeader'
import { MessageList, type PendingReply } from './MessageList'
import { otherParticipant } from './other-participant'
import { readDraft, saveDraft } from './reply-draft'
import { ReplyBox } from './ReplyBox'

export function LiveConversation({
  conversation,
  userId,
}: {
  conversation: Conversation
  userId: string
}) {
  const { id } = conversation
  const other = otherParticipant(conversation, userId)
  const send = useSendMessage(userId, id)
  const older = useLoadOlderMessages(userId, id)
  const [pending, setPending] = useState<PendingReply[]>([])
  useMarkReadWhileVisible(conversation, userId)
  const incoming = useIncomingAnnouncement(conversation, userId)

  async function deliver(reply: PendingReply) {
    try {
      await send.mutateAsync({ body: reply.body, clientId: reply.clientId })
      setPending((replies) => replies.filter((each) => each.clientId !== reply.clientId))
    } catch (failure) {
      // The session ended: the app goes to Sign in, and the reply waits in the box for the return.
      if (failure instanceof ApiError && failure.status === 401) {
        saveDraft(id, [readDraft(id), reply.body].filter(Boolean).join('\n\n'))
      }
      const why = sendFailure(failure)
      setPending((replies) =>
        replies.map((each) =>
          each.clientId === reply.clientId ? { ...each, failure: why } : each,
        ),
      )
    }
  }

  function sendNew(body: string) {
    const reply = { clientId: newClientId(), body }
    setPending((replies) => [...replies, reply])
    void deliver(reply)
  }

  function retry(reply: PendingReply) {
    const again = { clientId: reply.clientId, body: reply.body }
    setPending((replies) =>
      replies.map((each) => (each.clientId === reply.clientId ? again : each)),
    )
    void deliver(again)
  }

  const { loadOlder } = older
  const load = useCallback(() => void loadOlder(), [loadOlder])
  return (
    <>
      <ConversationHeader conversation={conversation} userId={userId} />
      <MessageList
        messages={conversation.messages}
        userId={userId}
        pending={pending}
        onRetry={retry}
        older={{
          more: conversation.nextBefore !== null,
          load,
          loading: older.loading,
          failed: older.failed,
        }}
      />
      <p className="visually-hidden" role="status">
        {incoming}
      </p>
      <ReplyBox conversationId={id} to={other.name} onSend={sendNew} />
    </>
  )
}

/** Why a reply was not sent, said beside it: the server's reason, or the connection. */
function sendFailure(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 0) {
    return 'Not sent: no connection.'
  }
  if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
    return `Not sent: ${failure.message}`
  }
  return 'Not sent: the server did not respond.'
}
