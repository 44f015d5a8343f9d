// Create, edit, delete and status calls, and the address check; the mutations keep the lists up to
// date.
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListingInput } from '../../../../shared/listing-schema'
import type { Listing, ListingPage, ListingStatus } from '../../../../shared/listing'
import { limits } from '../../../../shared/listing'
import { api, jsonBody, readJson } from '../../../api/http'
import { listingKey } from './listings'

export interface GeocodeResult {
  lat: number
  lng: number
  formattedAddress: string
}

export function geocodeAddress(address: string): Promise<GeocodeResult> {
  return readJson<GeocodeResult>(api.api.geocode.$get({ query: { address } }))
}

/** Every listing changes lists, the detail and the owner's own list: fetch them anew. */
function useInvalidateListings() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['listings'] })
}

/**
 * The response of a write is the saved listing: its page shows it without reading it again, and every
 * other listing query is fetched anew.
 */
function useShowSaved() {
  const queryClient = useQueryClient()
  return (listing: Listing) => {
    const savedKey = hashKey(listingKey(listing.id))
    queryClient.setQueryData(listingKey(listing.id), listing)
    return queryClient.invalidateQueries({
      queryKey: ['listings'],
      predicate: (query) => query.queryHash !== savedKey,
    })
  }
}

export function useSaveListing(listingId?: string) {
  const showSaved = useShowSaved()
  return useMutation({
    mutationFn: (input: ListingInput) =>
      readJson<Listing>(
        listingId
          ? api.api.listings[':id'].$put(
              { param: { id: encodeURIComponent(listingId) } },
              jsonBody(input),
            )
          : api.api.listings.$post({}, jsonBody(input)),
      ),
    onSuccess: showSaved,
  })
}

/**
 * Marks a listing sold or rented, or puts it back on the market. `told` hears of the outcome even
 * when the control that asked is gone by then (a card that moved to another section).
 */
export function useChangeListingStatus(
  told: { onSuccess?: (listing: Listing) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient()
  const showSaved = useShowSaved()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ListingStatus }) =>
      readJson<Listing>(
        api.api.listings[':id'].status.$patch(
          { param: { id: encodeURIComponent(id) } },
          jsonBody({ status }),
        ),
      ),
    onSuccess: (listing) => {
      // The owner's list moves the card under its status at once, before it is read again.
      queryClient.setQueriesData<Listing[]>({ queryKey: ['listings', 'mine'] }, (listings) =>
        listings?.map((each) => (each.id === listing.id ? listing : each)),
      )
      told.onSuccess?.(listing)
      return showSaved(listing)
    },
    onError: told.onError,
  })
}

export function useDeleteListing(ownerId: string) {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateListings()
  return useMutation({
    mutationFn: (id: string) =>
      api.api.listings[':id']
        .$delete({ param: { id: encodeURIComponent(id) } })
        .then(async (response) => {
          if (!response.ok) await readJson(Promise.resolve(response))
        }),
    onSuccess: (_, id) => {
      // Off the screen at once, then everything else fetched anew.
      queryClient.setQueryData<Listing[]>(myListingsKey(ownerId), (listings) =>
        listings?.filter((listing) => listing.id !== id),
      )
      void invalidate()
    },
  })
}

const myListingsKey = (userId: string) => ['listings', 'mine', userId]

/** The profile's own listings, newest first, all of them (the spec's calls: no limit). */
export function useMyListings(userId: string) {
  return useQuery({
    queryKey: myListingsKey(userId),
    queryFn: async () => {
      const all: Listing[] = []
      let cursor: string | undefined
      for (;;) {
        const page = await readJson<ListingPage>(
          api.api.listings.$get({
            query: {
              userRef: userId,
              limit: String(limits.maxPageSize),
              ...(cursor && { cursor }),
            },
          }),
        )
        all.push(...page.items)
        if (page.items.length < limits.maxPageSize || !page.nextCursor) return all
        cursor = page.nextCursor
      }
    },
    meta: { errorMessage: 'Could not fetch listings' },
  })
}
