import type { Listing } from '../../../../shared/listing'
import { AskLandlordForm } from './AskLandlordForm'
import styles from './InAppContact.module.css'

/** The in-app message box in place of the mailto, with the reason. */
export function InAppContact({
  listing,
  landlordName,
}: {
  listing: Listing
  landlordName: string
}) {
  if (listing.status !== 'active') {
    return (
      <p className="empty-text">
        This home is {listing.status}: {landlordName} takes no new messages about it.
      </p>
    )
  }
  return (
    <>
      <p className={styles.reason}>
        {landlordName} prefers messages in the app: your message goes to their inbox here.
      </p>
      <AskLandlordForm listingId={listing.id} landlordName={landlordName} />
    </>
  )
}
