import { useParams } from 'react-router'
import { isListingType } from '../../shared/listing'
import { categoryTitle } from '../../shared/screens'
import { ListingPages } from '../components/ListingPages'
import { useDocumentTitle } from '../components/use-document-title'

export default function Category() {
  const { categoryName = '' } = useParams()
  const heading = categoryTitle(categoryName)
  const empty = `No listings for ${categoryName}`
  useDocumentTitle(heading)
  return (
    <main className="page">
      <h1 className="page-header">{heading}</h1>
      {isListingType(categoryName) ? (
        <ListingPages key={categoryName} filter={{ type: categoryName }} empty={empty} />
      ) : (
        // Only rent and sale exist: nothing to fetch, and nothing went wrong.
        <p className="empty-text">{empty}</p>
      )}
    </main>
  )
}
