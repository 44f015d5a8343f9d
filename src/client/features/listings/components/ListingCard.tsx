// A listing in a list, photo first: one link to its page, with the heart and optional edit and
// delete controls beside it (the spec's screens), a badge when it is off the market, 'New' and
// 'Reduced' when it is, its type and floor area when given, and optionally its owner's status button.
import { Bath, BedDouble, MapPin, Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatFloorArea } from '../../../../shared/floor-area'
import { formatBathrooms, formatBedrooms, formatPrice } from '../../../../shared/format'
import { effectivePrice, type Listing } from '../../../../shared/listing'
import { imageSizes, imageSrcSet, imageVariantUrl } from '../../../../shared/media'
import { editListingPath, listingPagePath } from '../../../../shared/screens'
import { closedStatusText } from './listing-status-text'
import { badgeNames, homeTypeNames } from './listing-facts-text'
import { FavouriteButton } from '../../favourites/components/FavouriteButton'
import styles from './ListingCard.module.css'

interface ListingCardProps {
  listing: Listing
  /** Cards further down the page load their image only when scrolled near. */
  eager?: boolean
  /** Shows the edit control, a link to /edit-listing/{id}. */
  editable?: boolean
  onDelete?: (listing: Listing) => void
  /** Below the card's details: the owner's button that closes or reopens the listing. */
  statusAction?: ReactNode
  /** Below the details, above the status button: the owner's figures for the listing. */
  ownerFigures?: ReactNode
  /** Its pin on the map beside the list is pointed at: the card lights up. */
  highlighted?: boolean
  /** The card is pointed at or focused (its listing's id), or left (undefined). */
  onHighlight?: (id: string | undefined) => void
}

/** How much an offer takes off the regular price; 0 when the listing is not on offer. */
export function offerDiscount(listing: Listing): number {
  const price = effectivePrice(listing)
  return listing.offer ? Math.max(0, listing.regularPrice - price) : 0
}

export function ListingCard({
  listing,
  eager = false,
  editable = false,
  onDelete,
  statusAction,
  ownerFigures,
  highlighted = false,
  onHighlight,
}: ListingCardProps) {
  const cover = listing.imageUrls[0]
  const closed = listing.status !== 'active'
  // A closed listing's offer no longer matters: its status takes the corner, its price is history.
  const discount = closed ? 0 : offerDiscount(listing)
  return (
    <li
      className={styles.card}
      data-highlighted={highlighted || undefined}
      {...(onHighlight && {
        onMouseEnter: () => onHighlight(listing.id),
        onMouseLeave: () => onHighlight(undefined),
        onFocus: () => onHighlight(listing.id),
        onBlur: () => onHighlight(undefined),
      })}
    >
      <Link to={listingPagePath(listing)} className={styles.link}>
        <div className={styles.media}>
          {cover && (
            <img
              className={styles.image}
              src={imageVariantUrl(cover, 400)}
              srcSet={imageSrcSet(cover)}
              sizes={imageSizes.card}
              width={400}
              height={300}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          )}
          {listing.status !== 'active' ? (
            <span className={`${styles.badge} ${styles.closedBadge}`}>
              {closedStatusText[listing.status]}
            </span>
          ) : (
            discount > 0 && <span className={styles.badge}>${formatPrice(discount)} off</span>
          )}
          {!closed && listing.badges.length > 0 && (
            <span className={styles.news}>
              {listing.badges.map((badge) => (
                <span key={badge} className={styles[badge]}>
                  {badgeNames[badge]}
                </span>
              ))}
            </span>
          )}
        </div>
        <div className={styles.details}>
          <p className={styles.price}>
            {closed && <span className={styles.lastAsked}>Last asked</span>}
            <span className={styles.amount}>${formatPrice(effectivePrice(listing))}</span>
            {listing.type === 'rent' && <span className={styles.period}> / Month</span>}
            {discount > 0 && (
              <del className={styles.regular}>
                <span className="visually-hidden">regular price </span>
                {`$${formatPrice(listing.regularPrice)}`}
              </del>
            )}
          </p>
          <p className={styles.name}>{listing.name}</p>
          <p className={styles.location}>
            <MapPin size={16} aria-hidden="true" />
            <span>{listing.location}</span>
          </p>
          <p className={styles.rooms}>
            <span>
              <BedDouble size={18} aria-hidden="true" />
              {formatBedrooms(listing.bedrooms)}
            </span>
            <span>
              <Bath size={18} aria-hidden="true" />
              {formatBathrooms(listing.bathrooms)}
            </span>
          </p>
          <p className={styles.facts}>
            {[
              listing.homeType && homeTypeNames[listing.homeType],
              listing.floorArea && formatFloorArea(listing.floorArea),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </Link>
      {ownerFigures}
      {statusAction && <div className={styles.statusAction}>{statusAction}</div>}
      <div className={styles.actions}>
        {editable && (
          <Link
            to={editListingPath(listing.id)}
            className={styles.action}
            aria-label="Edit listing"
          >
            <Pencil size={18} aria-hidden="true" />
          </Link>
        )}
        {onDelete && (
          <button
            type="button"
            className={`${styles.action} ${styles.delete}`}
            aria-label="Delete listing"
            onClick={() => onDelete(listing)}
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        )}
        <FavouriteButton listing={listing} look="overlay" />
      </div>
    </li>
  )
}
