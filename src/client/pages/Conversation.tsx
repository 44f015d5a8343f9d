// A conversation: the listing it is about, the messages as bubbles, and a box to reply. While it is
// open it asks for new messages every 2 seconds and marks what arrives read; a reply that could not
// be sent stays on screen with Retry, and is stored once however often it is retried.
import { Link, useParams } from 'react-router'
import { screens } from '../../shared/screens'
import { isNotFound, useConversation } from '../features/conversations/api/conversations'
import { useSession } from '../features/account/api/session'
import { EmptyState } from '../components/EmptyState'
import { LiveConversation } from '../features/conversations/components/LiveConversation'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
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
