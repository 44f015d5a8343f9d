// The listing detail screen (the spec's listing detail). On desktops the photos and the facts take
// the left column and a panel with the price and the contact button stays in view on the right. A
// sold, rented or expired listing says so in a banner above all, its price only as the last one
// asked; its owner edits, deletes, closes and reopens it here. A hidden one, seen only by its owner
// and the moderators, says why a moderator hid it.
import { Bath, BedDouble, CircleParking, MapPin, ShieldAlert, Sofa } from 'lucide-react'
import { lazy, Suspense, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { formatBathrooms, formatBedrooms, formatPrice } from '../../shared/format'
import { effectivePrice, type Listing as ListingData } from '../../shared/listing'
import type { PublicUser } from '../../shared/profile'
import { contactPath } from '../../shared/screens'
import { useListing } from '../features/listings/api/listings'
import { useSession } from '../features/account/api/session'
import { AskLandlord } from '../features/conversations/components/AskLandlord'
import { FavouriteButton } from '../features/favourites/components/FavouriteButton'
import { ListedBy } from '../features/landlords/components/ListedBy'
import { ReportListingButton } from '../features/moderation/components/ReportListingButton'
import { badgeNames } from '../features/listings/components/listing-facts-text'
import { ListingDescription } from '../features/listings/components/ListingDescription'
import { ListingFactsRow } from '../features/listings/components/ListingFactsRow'
import { PhotoGallery } from '../features/listings/components/PhotoGallery'
import { closedStatusText } from '../features/listings/components/listing-status-text'
import { OwnerControls } from '../features/listings/components/OwnerControls'
import { ShareButton } from '../features/listings/components/ShareButton'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useHydrating } from '../hooks/use-hydrating'
import { useNearViewport } from '../hooks/use-near-viewport'
import { useNoIndex } from '../hooks/use-no-index'
import { ViewingTimes } from '../features/viewings/components/ViewingTimes'
import styles from './Listing.module.css'
import NotFound from './NotFound'

// Leaflet is loaded by this screen alone (docs/performance.md, Bundle).
const ListingMap = lazy(() => import('../features/listings/components/ListingMap'))
// Only a listing whose price has changed has a history to show; most never load it.
const PriceHistory = lazy(() => import('../features/listings/components/PriceHistory'))

export default function Listing() {
  const { listingId = '' } = useParams()
  const { data: listing, status } = useListing(listingId)
  // Asked now, beside the listing, rather than once the listing is there.
  const { user } = useSession()
  useDocumentTitle(listing?.name)
  useNoIndex(!!listing && listing.status !== 'active')

  if (status === 'pending') return <Spinner />
  if (status === 'error') {
    return (
      <main className="page">
        <p className="empty-text">The listing could not be loaded.</p>
      </main>
    )
  }
  if (!listing) return <NotFound what="listing" />
  return <ListingDetails listing={listing} user={user} />
}

function ListingDetails({
  listing,
  user,
}: {
  listing: ListingData
  user: PublicUser | null | undefined
}) {
  // The contact button is for others: hidden from the owner (the spec's permissions). It is there
  // while we learn who is here, so that a page rendered on the server, read without scripts, has it.
  const showContact = user?.id !== listing.userRef
  const isOwner = !!user && user.id === listing.userRef
  // Leaflet is fetched and started only when the map is about to be seen, not while the page renders.
  const mapRef = useRef<HTMLDivElement>(null)
  const mapNear = useNearViewport(mapRef)
  const price = formatPrice(effectivePrice(listing))
  // Sold or rented: the price is the last one asked, and an offer is over.
  const closed = listing.status !== 'active'
  const onOffer = !closed && listing.offer && listing.discountedPrice !== undefined
  // The history is read in the browser, after the page the server rendered is its own.
  const hydrating = useHydrating()
  return (
    <main className={styles.listing}>
      {listing.status === 'hidden' && <HiddenBanner reason={listing.hiddenReason} />}
      {listing.status !== 'active' && listing.status !== 'hidden' && (
        <p className={styles.closed}>
          <strong>{closedStatusText[listing.status]}</strong> — this home is no longer on the market
        </p>
      )}
      <PhotoGallery className={styles.gallery} name={listing.name} photos={listing.imageUrls} />

      <div className={styles.heading}>
        <h1 className={styles.name}>
          {listing.name} - ${price}
        </h1>
        <p className={styles.location}>
          <MapPin size={18} aria-hidden="true" />
          <span>{listing.location}</span>
        </p>
      </div>

      <div className={styles.panel}>
        <div className={styles.priceRow}>
          <p className={styles.price}>
            {closed && <span className={styles.lastAsked}>Last asked</span>}
            <span className={styles.amount}>${price}</span>
            {listing.type === 'rent' && <span className={styles.period}> / Month</span>}
            {onOffer && (
              <s className={styles.regularPrice}>
                <span className="visually-hidden">Regular price </span>$
                {formatPrice(listing.regularPrice)}
              </s>
            )}
          </p>
          <div className={styles.controls}>
            <FavouriteButton listing={listing} look="outline" />
            <ShareButton />
          </div>
        </div>
        {!closed && (
          <p className={styles.badges}>
            <span className={styles.type}>{listing.type === 'rent' ? 'For Rent' : 'For Sale'}</span>
            {listing.badges.map((badge) => (
              <span key={badge} className={styles[badge]}>
                {badgeNames[badge]}
              </span>
            ))}
            {onOffer && (
              <span className={styles.discount}>
                ${formatPrice(listing.regularPrice - listing.discountedPrice!)} discount
              </span>
            )}
          </p>
        )}
        {showContact && (
          <Link
            className={`primary-button ${styles.contact}`}
            to={contactPath(listing.userRef, listing.name, listing.id)}
          >
            Contact Landloard
          </Link>
        )}
        <AskLandlord listing={listing} />
        {isOwner && <OwnerControls listing={listing} ownerId={listing.userRef} />}
        <ListedBy landlordId={listing.userRef} />
        <ReportListingButton listing={listing} />
      </div>

      <ul className={styles.facts}>
        <li>
          <BedDouble size={20} aria-hidden="true" />
          {formatBedrooms(listing.bedrooms)}
        </li>
        <li>
          <Bath size={20} aria-hidden="true" />
          {formatBathrooms(listing.bathrooms)}
        </li>
        {listing.parking && (
          <li>
            <CircleParking size={20} aria-hidden="true" />
            Parking Spot
          </li>
        )}
        {listing.furnished && (
          <li>
            <Sofa size={20} aria-hidden="true" />
            Furnished
          </li>
        )}
      </ul>

      <div className={styles.about}>
        <ListingFactsRow listing={listing} className={styles.facts} />
        {listing.description && <ListingDescription description={listing.description} />}
        {listing.priceChangedAt && !hydrating && (
          <Suspense fallback={null}>
            <PriceHistory listingId={listing.id} />
          </Suspense>
        )}
      </div>

      <ViewingTimes listing={listing} className={styles.viewings} />

      <section className={styles.mapSection} aria-labelledby="listing-location">
        <h2 id="listing-location" className={styles.mapHeading}>
          Location
        </h2>
        <div className={styles.map} ref={mapRef}>
          {mapNear && (
            <Suspense fallback={<Spinner label="Loading the map…" />}>
              <ListingMap position={listing.geolocation} label={listing.location} />
            </Suspense>
          )}
        </div>
      </section>
    </main>
  )
}

/** Only the owner and the moderators see a hidden listing: the owner reads here what to fix. */
function HiddenBanner({ reason }: { reason: string | undefined }) {
  return (
    <div className={`${styles.closed} ${styles.hidden}`}>
      <ShieldAlert size={22} aria-hidden="true" />
      <div>
        <p>
          <strong>Hidden by a moderator{reason ? ':' : ''}</strong> {reason}
        </p>
        <p className={styles.hiddenNote}>Only its owner and the moderators can see this listing.</p>
      </div>
    </div>
  )
}
