// The profile's own listings (the spec's screens), each card with its edit, delete and status
// controls, and the figures the page gives it.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Listing } from '../../../../shared/listing'
import { EmptyState } from '../../../components/EmptyState'
import { ListingCard } from './ListingCard'
import { ListingCardSkeletons } from './ListingCardSkeleton'
import { closedStatusText } from './listing-status-text'
import { ListingStatusButton } from './ListingStatusButton'
import styles from './YourListings.module.css'

/** While the listings are read: a bar where 'Your Listings' comes, so the cards do not move down. */
export function YourListingsLoading({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className={styles.listingsHeading}>
        <span className={styles.headingBar} />
      </div>
      <ListingCardSkeletons label="Loading your listings…" />
    </div>
  )
}

/**
 * The spec's screens: the user's listings on the market, each with edit and delete; then those sold,
 * rented, expired and hidden, under their status. Each card but a hidden one can be closed or put
 * back on the market.
 */
export function YourListings({
  className,
  listings,
  onDelete,
  figures,
}: {
  /** where the page places the list */
  className?: string
  listings: Listing[]
  onDelete: (listing: Listing) => void
  /** what the page shows on each card of how the listing is doing */
  figures?: (listing: Listing) => ReactNode
}) {
  const active = listings.filter((listing) => listing.status === 'active')
  const cards = (shown: Listing[]) => (
    <ul className="card-grid">
      {shown.map((listing) => (
        <ListingCard
          key={listing.id}
          listing={listing}
          editable
          onDelete={onDelete}
          ownerFigures={figures?.(listing)}
          // A hidden listing's status is the moderators' to change.
          statusAction={
            listing.status !== 'hidden' && (
              <ListingStatusButton listing={listing} className="secondary-button" />
            )
          }
        />
      ))}
    </ul>
  )
  return (
    <div className={className}>
      <section aria-labelledby="your-listings">
        <h2 id="your-listings" className={styles.listingsHeading}>
          Your Listings
        </h2>
        {active.length > 0 ? (
          cards(active)
        ) : listings.length > 0 ? (
          <p className="empty-text">None of your listings is on the market.</p>
        ) : (
          <EmptyState
            title="You have no listings left"
            hint="Put a home up for rent or for sale, and it shows here, ready to edit."
          >
            <Link to="/create-listing">Create a listing</Link>
          </EmptyState>
        )}
      </section>
      {(['sold', 'rented', 'expired', 'hidden'] as const).map((status) => {
        const closed = listings.filter((listing) => listing.status === status)
        if (closed.length === 0) return null
        return (
          <section
            key={status}
            aria-labelledby={`your-${status}-listings`}
            className={styles.closedListings}
          >
            <h2 id={`your-${status}-listings`} className={styles.listingsHeading}>
              {status === 'hidden' ? 'Hidden by a moderator' : closedStatusText[status]}
            </h2>
            {cards(closed)}
          </section>
        )
      })}
    </div>
  )
}
