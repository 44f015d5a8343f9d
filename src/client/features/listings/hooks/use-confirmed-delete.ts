// Deleting one of the user's listings as the spec asks: confirm first, then say how it went. Used
// by Profile's cards and by the listing's own page.
import type { Listing } from '../../../../shared/listing'
import { useDeleteListing } from '../api/listing-writes'
import { toast } from '../../../components/toasts'

export function useConfirmedDelete(ownerId: string, onDeleted?: () => void) {
  const deleteListing = useDeleteListing(ownerId)

  function confirmAndDelete(listing: Pick<Listing, 'id'>) {
    if (!window.confirm('Are you sure you want to delete?')) return
    deleteListing.mutate(listing.id, {
      onSuccess: () => {
        toast.success('Successfully deleted listing')
        onDeleted?.()
      },
      onError: () => toast.error('Could not delete the listing, try again'),
    })
  }

  return { confirmAndDelete, deleteListing }
}
