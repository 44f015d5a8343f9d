// A paged list of listing cards with 'Load More' (Offers, Category): loading, empty, error and data states.
import type { ReactNode } from 'react'
import { useListingPages, type ListingFilter } from '../api/listings'
import { ListingCard } from './ListingCard'
import styles from './ListingPages.module.css'
import { Spinner } from './Spinner'

interface ListingPagesProps {
  filter: ListingFilter
  empty: ReactNode
}

export function ListingPages({ filter, empty }: ListingPagesProps) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage } = useListingPages(filter)

  if (status === 'pending') return <Spinner />
  if (status === 'error') return <p className="empty-text">The listings could not be loaded.</p>

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
