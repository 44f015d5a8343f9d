// A paged list of listing cards with 'Load More' (Offers, Category): loading, empty, error and data states.
import type { ReactNode } from 'react'
import type { ListingFilter } from '../../shared/listing-requests'
import { useListingPages } from '../api/listings'
import { ListingCard } from './ListingCard'
import styles from './ListingPages.module.css'
import { Spinner } from './Spinner'

interface ListingPagesProps {
  filter: ListingFilter
  empty: ReactNode
}

export function ListingPages({ filter, empty }: ListingPagesProps) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useListingPages(filter)

  if (status === 'pending') return <Spinner />
  // A failed first page has nothing to show; a failed 'Load More' keeps what is on screen.
  if (!data) {
    return (
      <div>
        <p className="empty-text">The listings could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    )
  }

  const listings = data.pages.flatMap((page) => page.items)
  if (listings.length === 0) return <p className="empty-text">{empty}</p>
  return (
    <>
      <ul className={styles.list}>
        {listings.map((listing, index) => (
          <ListingCard key={listing.id} listing={listing} eager={index < 3} />
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
