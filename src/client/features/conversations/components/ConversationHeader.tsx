// The top of a conversation: the way back to the inbox, who it is with, and the listing it is
// about, linking to its page, marked Sold or Rented once it is off the market.
import { ChevronLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { Conversation } from '../../../../shared/conversation'
import { listingPagePath, screens } from '../../../../shared/screens'
import { ListingThumbnail } from './ListingThumbnail'
import { otherParticipant } from './other-participant'
import styles from './ConversationHeader.module.css'
import { ListingNameWithStatus } from './ListingNameWithStatus'

export function ConversationHeader({
  conversation,
  userId,
}: {
  conversation: Conversation
  userId: string
}) {
  const { listing } = conversation
  const other = otherParticipant(conversation, userId)
  return (
    <header className={styles.header}>
      <Link to={screens.messages.path} className={styles.back} aria-label="Back to Messages">
        <ChevronLeft size={24} aria-hidden="true" />
      </Link>
      <div className={styles.about}>
        <ListingThumbnail listing={listing} className={styles.thumbnail} />
        <div className={styles.text}>
          <h1 className={styles.person}>
            <span className="visually-hidden">Conversation with </span>
            {other.name}
          </h1>
          {/* The link's area covers the photo too (its ::after). */}
          <Link to={listingPagePath(listing)} className={styles.listing}>
            <ListingNameWithStatus listing={listing} />
          </Link>
        </div>
      </div>
    </header>
  )
}
