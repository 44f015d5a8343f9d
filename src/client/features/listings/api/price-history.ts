// `GET /api/listings/:id/price-history`: every price a buyer was asked, oldest first.
import { useQuery } from '@tanstack/react-query'
import type { PriceHistoryEntry } from '../../../../shared/listing'
import { api, readJson } from '../../../api/http'

export const priceHistoryKey = (id: string) => ['listings', 'price-history', id]

export function usePriceHistory(listingId: string) {
  return useQuery({
    queryKey: priceHistoryKey(listingId),
    queryFn: () =>
      readJson<{ items: PriceHistoryEntry[] }>(
        api.api.listings[':id']['price-history'].$get({
          param: { id: encodeURIComponent(listingId) },
        }),
      ).then((body) => body.items),
    meta: { errorMessage: 'Could not fetch the price history' },
  })
}
