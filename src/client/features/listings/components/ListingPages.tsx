// A paged grid of listing cards with 'Load More' (Offers, Category, Search, Saved homes): loading,
// empty, error and data states.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import type { ListingPage } from '../../../../shared/listing'
import {
  cursorParameter,
  type ListingFilter,
  type ListingSort,
} from '../../../../shared/listing-requests'
import { useListingPages } from '../api/listings'
import { ListingCard } from './ListingCard'
import { ListingCardSkeletons } from './ListingCardSkeleton'
import { useHydrating } from '../../../hooks/use-hydrating'

interface ListingPagesProps {
  filter: ListingFilter
  /** Newest first unless told otherwise. */
  sort?: ListingSort
  /** What an empty list shows: the spec's text and a next step. */
  empty: ReactNode
  /** A card and its pin on a map beside the list light up together. */
  highlight?: CardHighlight
}

/** The listing whose card or pin is pointed at, shared by a list and its map. */
export interface CardHighlight {
  id: string | undefined
  onChange: (id: string | undefined) => void
}

/** The first row of a desktop grid: their images are wanted at once, the others when near. */
const eagerCards = 3

export function ListingPages({ filter, sort, empty, highlight }: ListingPagesProps) {
  const pages = useListingPages({ filter, sort: sort ?? 'newest' })
  return <ListingPagesView pages={pages} empty={empty} highlight={highlight} />
}

interface ListingPagesViewProps {
  /** Any paged list of listings: the listings API's, or the saved homes. */
  pages: UseInfiniteQueryResult<InfiniteData<ListingPage>>
  empty: ReactNode
  /** Said while the cards load. */
  loadingLabel?: string
  highlight?: CardHighlight
}

export function ListingPagesView({ pages, empty, loadingLabel, highlight }: ListingPagesViewProps) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = pages
  const hydrating = useHydrating()
  const location = useLocation()

  if (status === 'pending') return <ListingCardSkeletons label={loadingLabel} />
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
  if (listings.length === 0) return empty
  return (
    <>
      <ul className="card-grid">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            eager={index < eagerCards}
            highlighted={highlight?.id === listing.id}
            onHighlight={highlight?.onChange}
          />
        ))}
      </ul>
      {hasNextPage && hydrating && (
        // The page the server rendered works without scripts: the next page is a page of its own.
        <a className="load-more" href={nextPageHref(location, data.pages.at(-1)?.nextCursor ?? '')}>
          Load More
        </a>
      )}
      {hasNextPage && !hydrating && (
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

/** The address of the list's next page: this one's, with the cursor after its last listing. */
function nextPageHref(location: { pathname: string; search: string }, cursor: string): string {
  const search = new URLSearchParams(location.search)
  search.set(cursorParameter, cursor)
  return `${location.pathname}?${search}`
}
