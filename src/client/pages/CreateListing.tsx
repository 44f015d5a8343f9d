import { useNavigate } from 'react-router'
import { listingFormDefaults } from '../../shared/listing-schema'
import { ListingForm } from '../components/listing-form/ListingForm'
import { useDocumentTitle } from '../components/use-document-title'

export default function CreateListing() {
  useDocumentTitle('Create a Listing')
  const navigate = useNavigate()
  return (
    <ListingForm
      heading="Create a Listing"
      submitLabel="Create Listing"
      defaults={listingFormDefaults}
      onSaved={(listing) => void navigate(`/category/${listing.type}/${listing.id}`)}
    />
  )
}
