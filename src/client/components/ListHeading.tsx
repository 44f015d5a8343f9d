// A list screen's heading (the spec's words), with a 'Filter' link beside it that opens the same
// list on the search page, where it can be narrowed down and sorted.
import { SlidersHorizontal } from 'lucide-react'
import { Link } from 'react-router'
import type { ListingFilter } from '../../shared/listing-requests'
import styles from './ListHeading.module.css'
import { searchPath } from '../../shared/search-state'

interface ListHeadingProps {
  title: string
  /** The list's own filter; without one there is no 'Filter' link. */
  filter?: ListingFilter
}

export function ListHeading({ title, filter }: ListHeadingProps) {
  return (
    // A header inside main is no banner landmark: the page's own header stays the only one.
    <header className={styles.heading}>
      <h1 className="page-header">{title}</h1>
      {filter && (
        <Link to={searchPath({ filter })} className="secondary-button">
          <SlidersHorizontal size={18} aria-hidden="true" />
          Filter
        </Link>
      )}
    </header>
  )
}
