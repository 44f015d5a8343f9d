// The owner's button that marks a listing sold or rented, or puts it back on the market.
import type { Listing } from '../../shared/listing'
import { ApiError } from '../api/http'
import { useChangeListingStatus } from '../api/listing-writes'
import { nextStatus } from './listing-status-text'
import { toast } from './toasts'

export function ListingStatusButton({
  listing,
  className,
}: {
  listing: Listing
  className?: string
}) {
  const changeStatus = useChangeListingStatus()
  const next = nextStatus(listing)
  function change() {
    changeStatus.mutate(
      { id: listing.id, status: next.status },
      {
        onSuccess: () => toast.success(next.done),
        onError: (error) =>
          // The server's own word when it refused the change itself (a status the type forbids).
          toast.error(
            error instanceof ApiError && error.fields.status
              ? error.fields.status
              : 'Could not change the listing, try again',
          ),
      },
    )
  }
  return (
    <button type="button" className={className} onClick={change} disabled={changeStatus.isPending}>
      {next.action}
    </button>
  )
}
