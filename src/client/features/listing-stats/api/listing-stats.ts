// A listing's statistics for its owner's statistics screen: GET /api/listings/:id/stats?days=.
import { useQuery } from '@tanstack/react-query'
import type { ListingStats } from '../../../../shared/listing-stats'
import { ApiError, readJson } from '../../../api/http'
import { listingStatsKey } from './listing-stats-keys'

/**
 * The listing's statistics over the last `days` days, or null when it is not the user's listing
 * (404). The figures shown stay while another period of the same listing is read.
 */
export function useListingStats(id: string, days: number) {
  return useQuery({
    queryKey: listingStatsKey(id, days),
    queryFn: async (): Promise<ListingStats | null> => {
      try {
        // The route reads `days` itself, so the typed client knows no query for it.
        return await readJson<ListingStats>(
          fetch(`/api/listings/${encodeURIComponent(id)}/stats?days=${days}`),
        )
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === id ? previous : undefined,
    meta: { errorMessage: 'Could not load the statistics' },
  })
}
