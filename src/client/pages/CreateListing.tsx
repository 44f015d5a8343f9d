import { useNavigate } from 'react-router'
import { listingFormDefaults } from '../../shared/listing-schema'
import { listingPagePath, screens } from '../../shared/screens'
import { ListingForm } from '../features/listings/components/listing-form/ListingForm'
import { noFacts } from '../features/listings/components/listing-form/listing-form-values'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function CreateListing() {
  useDocumentTitle(screens.createListing.title)
  const navigate = useNavigate()
  return (
    <ListingForm
      heading={screens.createListing.title}
      submitLabel="Create Listing"
      defaults={{ ...listingFormDefaults, ...noFacts }}
      onSaved={(listing) => void navigate(listingPagePath(listing))}
    />
  )
}
