// What a listing's status is called on the screens, and what its owner's button does next.
import { closedStatusOf, type Listing, type ListingStatus } from '../../../../shared/listing'

/** A listing that is not on the market: sold, rented, expired or hidden by a moderator. */
export type ClosedStatus = Exclude<ListingStatus, 'active'>

/** The word for a listing no longer on the market, on its banner and its card's badge. */
export const closedStatusText = {
  sold: 'Sold',
  rented: 'Rented',
  expired: 'Expired',
  hidden: 'Hidden',
} as const satisfies Record<ClosedStatus, string>

/**
 * The owner's next step for the listing: close it, or put it back on the market. Null for a
 * hidden one: only a moderator shows it again (the server rejects its owner's change with a 409).
 */
export function nextStatus(listing: Pick<Listing, 'type' | 'status'>) {
  if (listing.status === 'hidden') return null
  // An expired listing was never closed by its owner: confirming it is relisting it.
  if (listing.status === 'expired') return { status: 'active', action: 'Relist' } as const
  if (listing.status !== 'active') {
    return { status: 'active', action: 'Put back on the market' } as const
  }
  const closed = closedStatusOf[listing.type]
  return { status: closed, action: `Mark as ${closed}` } as const
}

/** What the owner is told once the listing has the status. */
export function statusChangedText(status: ListingStatus): string {
  return status === 'active' ? 'Back on the market' : `Marked as ${status}`
}
