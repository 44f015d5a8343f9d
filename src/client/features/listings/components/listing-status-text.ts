// What a listing's status is called on the screens, and what its owner's button does next.
import { closedStatusOf, type Listing, type ListingStatus } from '../../../../shared/listing'

/** The word for a listing no longer on the market, on its banner and its card's badge. */
export const closedStatusText = { sold: 'Sold', rented: 'Rented' } as const

/** The owner's next step for the listing: close it, or put it back on the market. */
export function nextStatus(listing: Pick<Listing, 'type' | 'status'>) {
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
