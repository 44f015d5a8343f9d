// Messages: the user's conversations, the latest message first, each with its listing, the other
// person and what was said last; the unread ones marked. 'Load More' reads the next page.
import { MessageCircle } from 'lucide-react'
import { Link } from 'react-router'
import { categoryPath, categoryTitle, screens } from '../../shared/screens'
import { useInbox } from '../features/conversations/api/conversations'
import type { SessionUser } from '../features/account/api/session'
import { useSession } from '../features/account/api/session'
import { EmptyState } from '../components/EmptyState'
import { ConversationRow } from '../features/conversations/components/ConversationRow'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useNow } from '../hooks/use-now'
import styles from './Messages.module.css'
import cardList from '../styles/card-list.module.css'

export default function Messages() {
  useDocumentTitle(screens.messages.title)
  const { user } = useSession()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null
  return <Inbox user={user} />
}

function Inbox({ user }: { user: SessionUser }) {
  return (
    <main className="page">
      <div className={styles.column}>
        <h1 className="page-header">{screens.messages.title}</h1>
        <Conversations userId={user.id} />
      </div>
    </main>
  )
}

function Conversations({ userId }: { userId: string }) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useInbox(userId)
  const now = useNow(30_000)

  if (status === 'pending') return <Spinner label="Loading your messages…" />
  // A failed first page has nothing to show (a toast said why); a failed 'Load More' keeps the rows.
  if (!data) {
    return (
      <div>
        <p className="empty-text">Your messages could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    )
  }
  const conversations = data.pages.flatMap((page) => page.items)
  if (conversations.length === 0) {
    return (
      <EmptyState
        title="No messages yet"
        hint={
          <>
            <MessageCircle size={16} aria-hidden="true" /> Ask a landlord about a home from its
            page, and your conversation shows here. People who write about your listings show here
            too.
          </>
        }
      >
        <Link to={categoryPath('rent')}>{categoryTitle('rent')}</Link>
        <Link to={categoryPath('sale')}>{categoryTitle('sale')}</Link>
      </EmptyState>
    )
  }
  return (
    <>
      <ul className={cardList.cardList} aria-label="Conversations">
        {conversations.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            userId={userId}
            now={now}
          />
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          className="load-more"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
        >
          Load More
        </button>
      )}
    </>
  )
}
