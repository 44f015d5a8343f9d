// The owner's button that marks a listing sold or rented, or puts it back on the market.
import type { Listing } from '../../shared/listing'
import { ApiError } from '../api/http'
import { useChangeListingStatus } from '../api/listing-writes'
import { nextStatus, statusChangedText } from './listing-status-text'
import { toast } from './toasts'

export function ListingStatusButton({
  listing,
  className,
}: {
  listing: Listing
  className?: string
}) {
  const changeStatus = useChangeListingStatus({
    onSuccess: (changed) => toast.success(statusChangedText(changed.status)),
    onError: (error) =>
      // The server's own word when it refused the change itself (a status the type forbids).
      toast.error(
        error instanceof ApiError && error.fields.status
          ? error.fields.status
          : 'Could not change the listing, try again',
      ),
  })
  const next = nextStatus(listing)
  return (
    <button
      type="button"
      className={className}
      onClick={() => changeStatus.mutate({ id: listing.id, status: next.status })}
      disabled={changeStatus.isPending}
    >
      {next.action}
    </button>
  )
}
