// A listing's cover, small: the inbox's rows and a conversation's header. A listing without
// photos shows a house instead.
import { House } from 'lucide-react'
import type { ConversationListing } from '../../../../shared/conversation'
import { imageVariantUrl } from '../../../../shared/media'
import styles from './ListingThumbnail.module.css'

export function ListingThumbnail({
  listing,
  className,
}: {
  listing: ConversationListing
  className?: string
}) {
  const classes = className ? `${styles.thumbnail} ${className}` : styles.thumbnail
  if (!listing.imageUrl) {
    return (
      <span className={`${classes} ${styles.placeholder}`}>
        <House size={28} aria-hidden="true" />
      </span>
    )
  }
  // Its name is written beside it: the photo adds nothing for a screen reader.
  return (
    <img
      className={classes}
      src={imageVariantUrl(listing.imageUrl, 400)}
      alt=""
      loading="lazy"
      decoding="async"
    />
  )
}
