// One conversation in the inbox: the listing's photo and name, the other person, the first line
// of the last message and when it came, and how many the user has not read. One link to it.
import { Link } from 'react-router'
import { conversationPath, type ConversationSummary } from '../../../../shared/conversation'
import { ListingThumbnail } from './ListingThumbnail'
import { formatTimeAgo } from './message-time'
import { otherParticipant } from './other-participant'
import styles from './ConversationRow.module.css'
import { ListingNameWithStatus } from './ListingNameWithStatus'

interface ConversationRowProps {
  conversation: ConversationSummary
  userId: string
  now: Date
}

export function ConversationRow({ conversation, userId, now }: ConversationRowProps) {
  const { listing, lastMessage, unread } = conversation
  const other = otherParticipant(conversation, userId)
  const firstLine = lastMessage.body.split('\n', 1)[0]
  const mine = lastMessage.from.id === userId
  return (
    <li>
      <Link
        to={conversationPath(conversation.id)}
        className={unread > 0 ? `${styles.row} ${styles.unread}` : styles.row}
      >
        <ListingThumbnail listing={listing} className={styles.photo} />
        <span className={styles.text}>
          <span className={styles.person}>{other.name}</span>
          <span className={styles.listing}>
            <ListingNameWithStatus listing={listing} />
          </span>
          <span className={styles.preview}>
            {mine && <span className={styles.you}>You: </span>}
            {firstLine}
          </span>
        </span>
        <span className={styles.meta}>
          <time className={styles.time} dateTime={lastMessage.at}>
            {formatTimeAgo(new Date(lastMessage.at), now)}
          </time>
          {unread > 0 && (
            <span className={styles.count}>
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">
                , {unread} unread {unread === 1 ? 'message' : 'messages'}
              </span>
            </span>
          )}
        </span>
      </Link>
    </li>
  )
}
