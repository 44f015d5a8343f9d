// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Listing } from '../../../../shared/listing'
import type { ListingInput } from '../../../../shared/listing-schema'
import { useChangeListingStatus, useSaveListing } from './listing-writes'
import { listingKey, useListing } from './listings'
import { createQueryClient } from '../../../api/query-client'

const input: ListingInput = {
  type: 'rent',
  name: 'Sunny flat by the river',
  bedrooms: 2,
  bathrooms: 1,
  parking: true,
  furnished: false,
  address: '12 Rue de Rivoli, Paris, France',
  offer: false,
  regularPrice: 2500,
  images: ['upload-1'],
}

const saved: Listing = {
  id: 'listing1',
  type: 'rent',
  name: 'Sunny flat by the river',
  bedrooms: 2,
  bathrooms: 1,
  parking: true,
  furnished: false,
  location: '12 Rue de Rivoli, Paris, France',
  offer: false,
  regularPrice: 2500,
  imageUrls: ['/media/images/a/w1200.webp'],
  geolocation: { lat: 48.85, lng: 2.35 },
  timestamp: '2025-01-01T00:00:00.000Z',
  userRef: 'user1',
  status: 'active',
  badges: [],
}

const listKey = ['listings', 'pages', { type: 'rent' }]

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
)

/** Every request gets `body` with `status`, as the API would. */
function respondWith(status: number, body: unknown) {
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetch)
}

beforeEach(() => {
  queryClient = createQueryClient()
  queryClient.setQueryData(listKey, { pages: [], pageParams: [] })
})
afterEach(() => {
  queryClient.clear()
  vi.unstubAllGlobals()
})

describe('saving a listing', () => {
  it('puts the created listing where its page reads it, and marks the lists stale', async () => {
    respondWith(201, saved)
    const { result } = renderHook(() => useSaveListing(), { wrapper })
    await act(() => result.current.mutateAsync(input))

    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]).toMatchObject(['/api/listings', { method: 'POST' }])
    expect(queryClient.getQueryData(listingKey(saved.id))).toEqual(saved)
    expect(queryClient.getQueryState(listingKey(saved.id))?.isInvalidated).toBe(false)
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('gives the edited listing to the page showing it, without reading it again', async () => {
    const edited = { ...saved, name: 'Sunny flat, new roof' }
    queryClient.setQueryData(listingKey(saved.id), saved)
    respondWith(200, edited)
    // The edit page reads the listing while it is saved.
    const { result } = renderHook(
      () => ({ save: useSaveListing(saved.id), shown: useListing(saved.id) }),
      { wrapper },
    )
    await act(() => result.current.save.mutateAsync(input))

    // The page hears of the new data on Query's next tick, which `act` need not have waited for.
    await waitFor(() => expect(result.current.shown.data).toEqual(edited))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]).toMatchObject([`/api/listings/${saved.id}`, { method: 'PUT' }])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })
})

describe('changing a listing status', () => {
  it('shows the closed listing on its page and in the owner list at once, and marks the lists stale', async () => {
    const other = { ...saved, id: 'listing2' }
    const mineKey = ['listings', 'mine', saved.userRef]
    queryClient.setQueryData(listingKey(saved.id), saved)
    queryClient.setQueryData(mineKey, [saved, other])
    const rented = { ...saved, status: 'rented' as const }
    respondWith(200, rented)
    const { result } = renderHook(
      () => ({ change: useChangeListingStatus(), shown: useListing(saved.id) }),
      { wrapper },
    )
    await act(() => result.current.change.mutateAsync({ id: saved.id, status: 'rented' }))

    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]).toMatchObject([
      `/api/listings/${saved.id}/status`,
      { method: 'PATCH', body: JSON.stringify({ status: 'rented' }) },
    ])
    expect(queryClient.getQueryData(listingKey(saved.id))).toEqual(rented)
    await waitFor(() => expect(result.current.shown.data).toEqual(rented))
    expect(queryClient.getQueryData(mineKey)).toEqual([rented, other])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })
})
