// One listing on the moderators' page: its photos, what it says, its open reports, its owner and
// their other listings, and what a moderator can do: hide it, dismiss the reports, show it again.
import { Ban, House, MapPin, MessageSquareOff, Undo2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { formatPrice } from '../../../../shared/format'
import { effectivePrice, type Listing } from '../../../../shared/listing'
import { imageSrcSet, imageVariantUrl } from '../../../../shared/media'
import type { ReportedListing } from '../../../../shared/report'
import { landlordPagePath, listingPagePath } from '../../../../shared/screens'
import { ApiError } from '../../../api/http'
import { toast } from '../../../components/toasts'
import { closedStatusText } from '../../listings/components/listing-status-text'
import { useDismissReports, useUnhideListing } from '../api/moderation'
import { HideListingDialog } from './HideListingDialog'
import { ListingReports } from './ListingReports'
import styles from './ReportedListingCard.module.css'

/** The cover and this many more photos; the rest are on the listing's page. */
const morePhotosShown = 3

export const dismissedMessage = 'Reports dismissed'
export const shownAgainMessage = 'Listing shown again'

export const statusText = (status: Listing['status']) =>
  status === 'active' ? 'On the market' : closedStatusText[status]

interface ReportedListingCardProps {
  item: ReportedListing
  /** An action succeeded: the card may leave the list, so the page takes the keyboard's place. */
  onDone: () => void
}

export function ReportedListingCard({ item, onDone }: ReportedListingCardProps) {
  const { listing, owner, otherListings } = item
  const nameId = useId()
  const [hiding, setHiding] = useState(false)
  const dismiss = useDismissReports()
  const unhide = useUnhideListing()
  const hidden = listing.status === 'hidden'
  const busy = dismiss.isPending || unhide.isPending

  function act(mutation: typeof dismiss, done: string, failed: string) {
    mutation.mutate(
      { listingId: listing.id },
      {
        onSuccess: () => {
          toast.success(done)
          onDone()
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : failed
          toast.error(message, { toastId: message })
        },
      },
    )
  }

  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <Photos listing={listing} />

      <div className={styles.details}>
        <header className={styles.header}>
          <span className={hidden ? `${styles.status} ${styles.hiddenStatus}` : styles.status}>
            {statusText(listing.status)}
          </span>
          <h2 id={nameId} className={styles.name}>
            <Link to={listingPagePath(listing)}>{listing.name}</Link>
          </h2>
          <p className={styles.price}>
            <span className={styles.amount}>${formatPrice(effectivePrice(listing))}</span>
            {listing.type === 'rent' && ' / Month'}
            <span className={styles.type}>{listing.type === 'rent' ? 'For Rent' : 'For Sale'}</span>
          </p>
          <p className={styles.location}>
            <MapPin size={16} aria-hidden="true" />
            <span>{listing.location}</span>
          </p>
        </header>

        {hidden && listing.hiddenReason && (
          <p className={styles.hiddenReason}>
            <strong>Hidden:</strong> {listing.hiddenReason}
          </p>
        )}

        {listing.description && <Description text={listing.description} />}

        <ListingReports reports={item.reports} count={item.count} />

        <section className={styles.owner}>
          <h3 className={styles.sectionHeading}>Owner</h3>
          <p className={styles.ownerLine}>
            <Link to={landlordPagePath(owner.id)}>{owner.name}</Link>
            <a href={`mailto:${owner.email}`}>{owner.email}</a>
          </p>
          {otherListings.length > 0 && <OtherListings listings={otherListings} />}
        </section>

        <div className={styles.actions}>
          {!(hidden && item.count === 0) && (
            <button
              type="button"
              className={`secondary-button ${styles.hide}`}
              aria-haspopup="dialog"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => setHiding(true)}
            >
              <Ban size={18} aria-hidden="true" />
              Hide
            </button>
          )}
          {item.count > 0 && (
            <button
              type="button"
              className="secondary-button"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => act(dismiss, dismissedMessage, 'Could not dismiss the reports')}
            >
              <MessageSquareOff size={18} aria-hidden="true" />
              Dismiss reports
            </button>
          )}
          {hidden && (
            <button
              type="button"
              className="secondary-button"
              aria-describedby={nameId}
              disabled={busy}
              onClick={() => act(unhide, shownAgainMessage, 'Could not show the listing again')}
            >
              <Undo2 size={18} aria-hidden="true" />
              Show again
            </button>
          )}
        </div>
      </div>

      {hiding && (
        <HideListingDialog
          listing={listing}
          onClose={() => setHiding(false)}
          onHidden={() => {
            setHiding(false)
            onDone()
          }}
        />
      )}
    </article>
  )
}

/** The cover, large, and a few more photos beneath it; each opens at full size. */
function Photos({ listing }: { listing: Listing }) {
  const [cover, ...rest] = listing.imageUrls
  const total = listing.imageUrls.length
  const more = rest.slice(0, morePhotosShown)
  const photoName = (index: number) => `Photo ${index + 1} of ${total}, full size`
  if (!cover) {
    return (
      <div className={`${styles.cover} ${styles.noPhoto}`}>
        <House size={40} aria-hidden="true" />
        <span>No photos</span>
      </div>
    )
  }
  return (
    <div className={styles.photos}>
      <a className={styles.cover} href={cover} target="_blank" rel="noreferrer">
        <img
          src={imageVariantUrl(cover, 1200)}
          srcSet={imageSrcSet(cover)}
          sizes="(min-width: 1024px) 22rem, 100vw"
          alt={photoName(0)}
          loading="lazy"
          decoding="async"
        />
      </a>
      {more.length > 0 && (
        <ul className={styles.thumbnails}>
          {more.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  src={imageVariantUrl(url, 400)}
                  alt={photoName(index + 1)}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {total > 1 + more.length && (
        <p className={styles.morePhotos}>{total - 1 - more.length} more on the listing’s page</p>
      )}
    </div>
  )
}

/** The owner's text, folded after a few lines when long, as on the listing's page. */
function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false)
  const id = useId()
  const long = text.length > 280 || text.split('\n').length > 4
  return (
    <div className={styles.description}>
      <p id={id} className={styles.descriptionText} data-folded={(long && !expanded) || undefined}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className={styles.textButton}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
    </div>
  )
}

function OtherListings({ listings }: { listings: Listing[] }) {
  return (
    <>
      <h4 className={styles.othersHeading}>Other listings</h4>
      <ul className={styles.others}>
        {listings.map((other) => (
          <li key={other.id}>
            <Link to={listingPagePath(other)} className={styles.other}>
              {other.imageUrls[0] ? (
                <img
                  className={styles.otherPhoto}
                  src={imageVariantUrl(other.imageUrls[0], 400)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className={`${styles.otherPhoto} ${styles.noPhoto}`}>
                  <House size={20} aria-hidden="true" />
                </span>
              )}
              <span className={styles.otherName}>{other.name}</span>
              {other.status !== 'active' && (
                <span className={styles.otherStatus}>{statusText(other.status)}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
