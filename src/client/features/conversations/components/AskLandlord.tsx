// The listing page's 'Message {first name}': opens the in-app message box beneath it, for anyone
// but the owner while the home is on the market. A draft kept from before signing in opens it.
import { MessageCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { firstName } from '../../../../shared/conversation'
import type { Listing } from '../../../../shared/listing'
import { useLandlordProfile } from '../../landlords/api/landlord-profile'
import { useSession } from '../../account/api/session'
import styles from './AskLandlord.module.css'
import { AskLandlordForm } from './AskLandlordForm'
import { forgetMessageDraft, useMessageDraft } from './message-draft'

export function AskLandlord({ listing }: { listing: Pick<Listing, 'id' | 'userRef' | 'status'> }) {
  const { user } = useSession()
  const isOwner = !!user && user.id === listing.userRef
  // A closed home takes no new conversation (the server says 409): nothing to offer.
  const offered = !isOwner && listing.status === 'active'
  // The same read as the page's 'Listed by' line: one request for both.
  const { data: landlord, isPending } = useLandlordProfile(listing.userRef)
  // Open once pressed, or while a draft is kept (back from signing in).
  const [pressed, setPressed] = useState<boolean>()
  const hasDraft = useMessageDraft(listing.id) !== undefined
  const open = pressed ?? hasDraft
  const boxId = useId()

  if (!offered) return null
  function toggle() {
    // Closing is giving up the message: it is not brought back next time.
    if (open) forgetMessageDraft(listing.id)
    setPressed(!open)
  }
  return (
    <div className={styles.ask}>
      <button
        type="button"
        className={`secondary-button ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={open ? boxId : undefined}
        // Shown, and held in place, while the name comes: nothing beneath it moves then.
        disabled={isPending}
        onClick={toggle}
      >
        <MessageCircle size={20} aria-hidden="true" />
        {/* Without the name (the lookup failed), the button still works. */}
        {landlord ? `Message ${firstName(landlord.name)}` : 'Message the landlord'}
      </button>
      {open && !isPending && (
        <div id={boxId} className={styles.box}>
          <AskLandlordForm
            listingId={listing.id}
            landlordName={landlord?.name}
            focusOnOpen={pressed === true}
          />
        </div>
      )}
    </div>
  )
}
