// The owner's button that marks a listing sold or rented, or puts it back on the market.
import { useEffect, useRef } from 'react'
import type { Listing } from '../../../../shared/listing'
import { ApiError } from '../../../api/http'
import { useChangeListingStatus } from '../api/listing-writes'
import { nextStatus, statusChangedText } from './listing-status-text'
import { toast } from '../../../components/toasts'

/**
 * In Profile a changed listing's card moves to another section, so its button is a new one: the
 * keyboard's place is handed to it, or it would fall back to the top of the page.
 */
let focusHandedTo: { listingId: string; at: number } | undefined
const focusHandOverMs = 2000

function handFocusOver(listingId: string) {
  focusHandedTo = { listingId, at: Date.now() }
}

/** Whether a new button of this listing should take the focus: once, and soon after the press. */
function takeHandedFocus(listingId: string): boolean {
  const handed = focusHandedTo
  if (handed?.listingId !== listingId) return false
  focusHandedTo = undefined
  return Date.now() - handed.at <= focusHandOverMs
}

export function ListingStatusButton({
  listing,
  className,
}: {
  listing: Listing
  className?: string
}) {
  const button = useRef<HTMLButtonElement>(null)
  const changeStatus = useChangeListingStatus({
    onSuccess: (changed) => toast.success(statusChangedText(changed.status)),
    onError: (error) =>
      // The server's own word when it rejected the change itself (a status the type forbids).
      toast.error(
        error instanceof ApiError && error.fields.status
          ? error.fields.status
          : 'Could not change the listing, try again',
      ),
  })

  useEffect(() => {
    if (takeHandedFocus(listing.id)) button.current?.focus()
  }, [listing.id])

  const next = nextStatus(listing)
  // Hidden by a moderator: its owner cannot change its status.
  if (!next) return null

  const change = () => {
    // Taken only if a new button of this listing mounts soon: the card moved (Profile). On the
    // listing's own page the button stays, with the focus it has.
    if (document.activeElement === button.current) handFocusOver(listing.id)
    changeStatus.mutate({ id: listing.id, status: next.status })
  }

  return (
    <button
      ref={button}
      type="button"
      className={className}
      onClick={change}
      disabled={changeStatus.isPending}
    >
      {next.action}
    </button>
  )
}
