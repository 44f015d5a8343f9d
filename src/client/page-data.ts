// A server-rendered page's data, put in the query cache before the client hydrates: the screens
// then render what the server rendered, and read nothing again until it goes stale.
import type { QueryClient } from '@tanstack/react-query'
import { pageDataElementId, type PageData } from '../shared/page-data'
import { listingKey, listingPagesKey, recommendedKey } from './features/listings/api/listings'
import { landlordProfileKey } from './features/landlords/api/landlord-keys'
import { landlordKey } from './features/account/api/user-keys'
import { moderationListKey } from './features/moderation/api/moderation-keys'
import { listingStatsKey } from './features/listing-stats/api/listing-stats-keys'

/** The data the server wrote into the page, if it rendered it. */
export function readPageData(): PageData | undefined {
  const text = document.getElementById(pageDataElementId)?.textContent
  return text ? (JSON.parse(text) as PageData) : undefined
}

/** Fills the query cache as the screens' own reads would (updated now: the page was just served). */
export function seedPageData(queryClient: QueryClient, data: PageData): void {
  if (data.listing) queryClient.setQueryData(listingKey(data.listing.id), data.listing.value)
  if (data.listingPages) {
    const { filter, sort, cursor, page } = data.listingPages
    queryClient.setQueryData(listingPagesKey({ filter, sort }, cursor), {
      pages: [page],
      pageParams: [cursor],
    })
  }
  if (data.recommended) queryClient.setQueryData(recommendedKey, data.recommended)
  if (data.landlord) queryClient.setQueryData(landlordKey(data.landlord.id), data.landlord.value)
  if (data.landlordProfile) {
    const { id, value } = data.landlordProfile
    queryClient.setQueryData(landlordProfileKey(id), value)
  }
  if (data.moderation) queryClient.setQueryData(moderationListKey('open'), data.moderation)
  if (data.listingStats) {
    const { id, days, value } = data.listingStats
    queryClient.setQueryData(listingStatsKey(id, days), value)
  }
}
