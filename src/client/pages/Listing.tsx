// The listing detail screen (the spec's listing detail).
import { lazy, Suspense, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { formatBathrooms, formatBedrooms, formatPrice } from '../../shared/format'
import { effectivePrice, type Listing as ListingData } from '../../shared/listing'
import { imageSizes, imageSrcSet } from '../../shared/media'
import { contactPath } from '../../shared/screens'
import { useListing } from '../api/listings'
import { useSession } from '../api/session'
import { Carousel } from '../components/Carousel'
import { ShareButton } from '../components/ShareButton'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../components/use-document-title'
import { useNearViewport } from '../components/use-near-viewport'
import styles from './Listing.module.css'
import NotFound from './NotFound'

// Leaflet is loaded by this screen alone (docs/performance.md, Bundle).
const ListingMap = lazy(() => import('../components/ListingMap'))

export default function Listing() {
  const { listingId = '' } = useParams()
  const { data: listing, status } = useListing(listingId)
  useDocumentTitle(listing?.name)

  if (status === 'pending') return <Spinner />
  if (status === 'error') {
    return (
      <main className="page">
        <p className="empty-text">The listing could not be loaded.</p>
      </main>
    )
  }
  if (!listing) return <NotFound what="listing" />
  return <ListingDetails listing={listing} />
}

function ListingDetails({ listing }: { listing: ListingData }) {
  const { user } = useSession()
  // The contact button is for others: hidden from the owner (the spec's permissions), and until we know who is here.
  const showContact = user !== undefined && user?.id !== listing.userRef
  // Leaflet is fetched and started only when the map is about to be seen, not while the page draws.
  const mapRef = useRef<HTMLDivElement>(null)
  const mapNear = useNearViewport(mapRef)
  return (
    <main className={styles.listing}>
      <Carousel
        label="Photos"
        className={styles.slider}
        slides={listing.imageUrls.map((url, index) => (
          <img
            key={url}
            className={styles.photo}
            src={url}
            srcSet={imageSrcSet(url)}
            sizes={imageSizes.photo}
            width={1200}
            height={800}
            alt={`${listing.name}, photo ${index + 1}`}
            loading={index === 0 ? 'eager' : 'lazy'}
          />
        ))}
      />
      <ShareButton />

      <div className={styles.details}>
        <h1 className={styles.name}>
          {listing.name} - ${formatPrice(effectivePrice(listing))}
        </h1>
        <p className={styles.location}>{listing.location}</p>
        <p className={styles.badges}>
          <span className={styles.type}>{listing.type === 'rent' ? 'For Rent' : 'For Sale'}</span>
          {listing.offer && listing.discountedPrice !== undefined && (
            <span className={styles.discount}>
              ${formatPrice(listing.regularPrice - listing.discountedPrice)} discount
            </span>
          )}
        </p>
        <ul className={styles.facts}>
          <li>{formatBedrooms(listing.bedrooms)}</li>
          <li>{formatBathrooms(listing.bathrooms)}</li>
          {listing.parking && <li>Parking Spot</li>}
          {listing.furnished && <li>Furnished</li>}
        </ul>

        <h2 className={styles.mapHeading}>Location</h2>
        <div className={styles.map} ref={mapRef}>
          {mapNear && (
            <Suspense fallback={<Spinner label="Loading the map…" />}>
              <ListingMap position={listing.geolocation} label={listing.location} />
            </Suspense>
          )}
        </div>

        {showContact && (
          <Link className="primary-button" to={contactPath(listing.userRef, listing.name)}>
            Contact Landloard
          </Link>
        )}
      </div>
    </main>
  )
}
