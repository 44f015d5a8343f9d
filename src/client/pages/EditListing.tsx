import { useEffect } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { listingFormDefaults } from '../../shared/listing-schema'
import { listingPagePath, screens } from '../../shared/screens'
import { useListing } from '../features/listings/api/listings'
import { useSession } from '../features/account/api/session'
import { ListingForm } from '../features/listings/components/listing-form/ListingForm'
import { factsOf } from '../features/listings/components/listing-form/listing-form-values'
import { Spinner } from '../components/Spinner'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function EditListing() {
  useDocumentTitle(screens.editListing.title)
  const { listingId = '' } = useParams()
  const { data: listing, status } = useListing(listingId)
  const { user } = useSession()
  const navigate = useNavigate()
  const notOwner = listing && user && listing.userRef !== user.id

  useEffect(() => {
    if (notOwner) toast.error('You cannot edit this listing')
  }, [notOwner])

  if (status === 'pending') return <Spinner />
  // The spec's screens: a listing that does not exist, or another's, sends the visitor to Explore.
  if (status === 'error' || !listing || notOwner) return <Navigate to="/" replace />

  return (
    <ListingForm
      heading={screens.editListing.title}
      submitLabel="Edit Listing"
      listingId={listing.id}
      defaults={{
        ...listingFormDefaults,
        type: listing.type,
        name: listing.name,
        bedrooms: listing.bedrooms,
        bathrooms: listing.bathrooms,
        parking: listing.parking,
        furnished: listing.furnished,
        address: listing.location,
        offer: listing.offer,
        regularPrice: listing.regularPrice,
        discountedPrice: listing.discountedPrice ?? 0,
        ...factsOf(listing),
      }}
      storedImageUrls={listing.imageUrls}
      storedPin={listing.geolocation}
      onSaved={(saved) => void navigate(listingPagePath(saved))}
      onForbidden={() => void navigate('/', { replace: true })}
    />
  )
}
