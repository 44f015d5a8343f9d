// A listing in a list: one link to its page, with optional edit and delete controls (the spec's screens).
import { Bath, BedDouble, Pencil, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { formatBathrooms, formatBedrooms, formatPrice } from '../../shared/format'
import { effectivePrice, type Listing } from '../../shared/listing'
import { imageSizes, imageSrcSet, imageVariantUrl } from '../../shared/media'
import { editListingPath, listingPagePath } from '../../shared/screens'
import styles from './ListingCard.module.css'

interface ListingCardProps {
  listing: Listing
  /** Cards further down the page load their image only when scrolled near. */
  eager?: boolean
  /** Shows the edit control, a link to /edit-listing/{id}. */
  editable?: boolean
  onDelete?: (listing: Listing) => void
}

export function ListingCard({
  listing,
  eager = false,
  editable = false,
  onDelete,
}: ListingCardProps) {
  const cover = listing.imageUrls[0]
  return (
    <li className={styles.card}>
      <Link to={listingPagePath(listing)} className={styles.link}>
        {cover ? (
          <img
            className={styles.image}
            src={imageVariantUrl(cover, 400)}
            srcSet={imageSrcSet(cover)}
            sizes={imageSizes.card}
            width={400}
            height={267}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className={styles.image} />
        )}
        <div className={styles.details}>
          <p className={styles.location}>{listing.location}</p>
          <p className={styles.name}>{listing.name}</p>
          <p className={styles.price}>
            ${formatPrice(effectivePrice(listing))}
            {listing.type === 'rent' && ' / Month'}
          </p>
          <div className={styles.rooms}>
            <span>
              <BedDouble size={18} aria-hidden="true" />
              {formatBedrooms(listing.bedrooms)}
            </span>
            <span>
              <Bath size={18} aria-hidden="true" />
              {formatBathrooms(listing.bathrooms)}
            </span>
          </div>
        </div>
      </Link>
      {(editable || onDelete) && (
        <div className={styles.actions}>
          {editable && (
            <Link
              to={editListingPath(listing.id)}
              className={styles.action}
              aria-label="Edit listing"
            >
              <Pencil size={20} aria-hidden="true" />
            </Link>
          )}
          {onDelete && (
            <button
              type="button"
              className={`${styles.action} ${styles.delete}`}
              aria-label="Delete listing"
              onClick={() => onDelete(listing)}
            >
              <Trash2 size={20} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </li>
  )
}
