// A conversation: the listing it is about, the messages as bubbles, and a box to reply. While it is
// open it asks for new messages every 2 seconds and marks what arrives read; a reply that could not
// be sent stays on screen with Retry, and is stored once however often it is retried.
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { Conversation } from '../../shared/conversation'
import { screens } from '../../shared/screens'
import {
  isNotFound,
  useConversation,
  useLoadOlderMessages,
  useMarkRead,
  useSendMessage,
} from '../features/conversations/api/conversations'
import { newClientId } from '../features/conversations/api/client-id'
import { ApiError } from '../api/http'
import { useSession } from '../features/account/api/session'
import { EmptyState } from '../components/EmptyState'
import { ConversationHeader } from '../features/conversations/components/ConversationHeader'
import { MessageList, type PendingReply } from '../features/conversations/components/MessageList'
import { otherParticipant } from '../features/conversations/components/other-participant'
import { readDraft, saveDraft } from '../features/conversations/components/reply-draft'
import { ReplyBox } from '../features/conversations/components/ReplyBox'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useDocumentVisible } from '../hooks/use-document-visible'
import styles from './Conversation.module.css'

export default function ConversationPage() {
  useDocumentTitle(screens.conversation.title)
  const { conversationId = '' } = useParams()
  const { user } = useSession()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null
  return <OpenConversation key={conversationId} userId={user.id} conversationId={conversationId} />
}

function OpenConversation({ userId, conversationId }: { userId: string; conversationId: string }) {
  const { data: conversation, error, refetch } = useConversation(userId, conversationId)

  if (conversation) {
    return (
      <main className={styles.page}>
        <LiveConversation conversation={conversation} userId={userId} />
      </main>
    )
  }
  if (isNotFound(error)) {
    return (
      <main className="page">
        <div className={styles.state}>
          <EmptyState
            title="Conversation not found"
            hint="It may belong to another account, or the link is incomplete. Your conversations are all in Messages."
          >
            <Link to={screens.messages.path}>Go to Messages</Link>
          </EmptyState>
        </div>
      </main>
    )
  }
  if (error) {
    return (
      <main className="page">
        <div className={styles.state}>
          <p className="empty-text">The conversation could not be loaded.</p>
          <button type="button" className="load-more" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </main>
    )
  }
  return <Spinner label="Loading the conversation…" />
}

function LiveConversation({
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

/**
 * Marks the conversation read when it opens, and again whenever messages the user has not read
 * arrive while the tab is on screen (a hidden tab reads them once it shows again).
 */
function useMarkReadWhileVisible(conversation: Conversation, userId: string) {
  const visible = useDocumentVisible()
  const { mutate, isPending } = useMarkRead(userId, conversation.id)
  const markedOnOpen = useRef(false)
  const { unread } = conversation
  useEffect(() => {
    if (!visible || isPending) return
    if (markedOnOpen.current && unread === 0) return
    markedOnOpen.current = true
    mutate()
  }, [visible, isPending, unread, mutate])
}

/** What a screen reader is told when the other person writes: their newest message since it opened. */
function useIncomingAnnouncement(conversation: Conversation, userId: string): string {
  const newest = conversation.messages.at(-1)
  const [newestOnOpen] = useState(newest?.id)
  if (!newest || newest.id === newestOnOpen || newest.from.id === userId) return ''
  return `${newest.from.name}: ${newest.body}`
}
