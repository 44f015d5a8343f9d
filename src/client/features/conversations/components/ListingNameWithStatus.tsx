// A conversation's listing name, after a 'Sold', 'Rented', 'Expired' or 'Hidden' pill once the home
// is off the market.
import type { ConversationListing } from '../../../../shared/conversation'
import { closedStatusText } from '../../listings/components/listing-status-text'
import styles from './ListingNameWithStatus.module.css'

export function ListingNameWithStatus({ listing }: { listing: ConversationListing }) {
  return (
    <>
      {listing.status !== 'active' && (
        // The space keeps the word apart from the name for screen readers too.
        <>
          <span className={styles.status}>{closedStatusText[listing.status]}</span>{' '}
        </>
      )}
      {listing.name}
    </>
  )
}
