import { Link, useParams } from 'react-router'
import { isListingType } from '../../shared/listing'
import { categoryPath, categoryTitle } from '../../shared/screens'
import { EmptyState } from '../components/EmptyState'
import { ListHeading } from '../components/ListHeading'
import { ListingPages } from '../features/listings/components/ListingPages'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function Category() {
  const { categoryName = '' } = useParams()
  const heading = categoryTitle(categoryName)
  useDocumentTitle(heading)
  const empty = <NoListings categoryName={categoryName} />
  const type = isListingType(categoryName) ? categoryName : undefined
  return (
    <main className="page">
      <ListHeading title={heading} filter={type && { type }} />
      {type ? (
        <ListingPages key={type} filter={{ type }} empty={empty} />
      ) : (
        // Only rent and sale exist: nothing to fetch, and nothing went wrong.
        empty
      )}
    </main>
  )
}

/** The spec's 'No listings for {categoryName}', then the other category and a way to add a home. */
function NoListings({ categoryName }: { categoryName: string }) {
  const others = (['rent', 'sale'] as const).filter((type) => type !== categoryName)
  return (
    <EmptyState
      title={`No listings for ${categoryName}`}
      hint="Look at the other homes, or be the first to put one up here."
    >
      {others.map((type) => (
        <Link key={type} to={categoryPath(type)}>
          {categoryTitle(type)}
        </Link>
      ))}
      <Link to="/create-listing">Sell or rent your home</Link>
    </EmptyState>
  )
}
