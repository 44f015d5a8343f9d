import { ChartColumn, Pencil, Trash2 } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import type { Listing } from '../../../../shared/listing'
import { listingStatsPath } from '../../../../shared/listing-stats'
import { editListingPath, screens } from '../../../../shared/screens'
import { useConfirmedDelete } from '../hooks/use-confirmed-delete'
import { ListingStatusButton } from './ListingStatusButton'
import styles from './OwnerControls.module.css'

/**
 * The owner's own controls, as Profile's cards have them: edit, delete and the status; and the
 * way to the listing's statistics.
 */
export function OwnerControls({ listing, ownerId }: { listing: Listing; ownerId: string }) {
  const navigate = useNavigate()
  // The page is gone with the listing: back to the owner's other listings.
  const { confirmAndDelete, deleteListing } = useConfirmedDelete(ownerId, () => {
    void navigate(screens.profile.path, { replace: true })
  })
  return (
    <div className={styles.ownerControls}>
      <ListingStatusButton
        listing={listing}
        className={`secondary-button ${styles.ownerButton} ${styles.statusButton}`}
      />
      <Link to={editListingPath(listing.id)} className={`secondary-button ${styles.ownerButton}`}>
        <Pencil size={18} aria-hidden="true" />
        Edit<span className="visually-hidden"> listing</span>
      </Link>
      <button
        type="button"
        className={`secondary-button ${styles.ownerButton} ${styles.deleteButton}`}
        onClick={() => confirmAndDelete(listing)}
        disabled={deleteListing.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
        Delete<span className="visually-hidden"> listing</span>
      </button>
      <Link
        to={listingStatsPath(listing.id)}
        className={`secondary-button ${styles.ownerButton} ${styles.statsLink}`}
      >
        <ChartColumn size={18} aria-hidden="true" />
        Statistics
      </Link>
    </div>
  )
}
