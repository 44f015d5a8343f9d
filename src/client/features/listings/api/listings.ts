// Listing reads: the query hooks the pages use (the spec's calls, document reads).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { Listing, ListingPage } from '../../../../shared/listing'
import { limits } from '../../../../shared/listing'
import {
  listingQueryParameters,
  type ListingQuery,
  type ListingSearch,
} from '../../../../shared/listing-query'
import {
  cursorParameter,
  filterParameters,
  type ListingFilter,
  type MapResponse,
  worldBbox,
} from '../../../../shared/listing-requests'
import type { ListingCount } from '../../../../shared/listing-count'
import { api, ApiError, readJson } from '../../../api/http'

const errorMessage = 'Could not fetch listings'

/** `GET /api/listings`: one page of the query, its parameters written in their canonical order. */
function fetchListingPage(query: ListingQuery) {
  return readJson<ListingPage>(
    api.api.listings.$get({ query: Object.fromEntries(listingQueryParameters(query)) }),
  )
}

/** The cache key of Explore's carousel. */
export const recommendedKey = ['listings', 'recommended']

/** Explore's carousel: the newest listings. */
export function useRecommendedListings() {
  return useQuery({
    queryKey: recommendedKey,
    queryFn: () =>
      fetchListingPage({ filter: {}, sort: 'newest', limit: limits.recommendedCount }).then(
        (page) => page.items,
      ),
    meta: { errorMessage },
  })
}

/** The cache key of a search's pages, from its start or from `cursor`. */
export const listingPagesKey = ({ filter, sort }: ListingSearch, cursor?: string) =>
  cursor === undefined
    ? ['listings', 'pages', filter, sort]
    : ['listings', 'pages', filter, sort, cursor]

/**
 * A list with 'Load More': each page is appended and the cursor moves on (the spec's states). The
 * list starts at the address's cursor, if any: the page a 'Load More' link leads to without scripts.
 */
export function useListingPages(search: ListingSearch, { enabled = true } = {}) {
  const cursor = useSearchParams()[0].get(cursorParameter) ?? undefined
  return useInfiniteQuery({
    queryKey: listingPagesKey(search, cursor),
    queryFn: ({ pageParam }) =>
      fetchListingPage({
        filter: search.filter,
        sort: search.sort,
        limit: limits.pageSize,
        ...(pageParam !== undefined && { cursor: pageParam }),
      }),
    initialPageParam: cursor,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
    meta: { errorMessage },
  })
}

/**
 * The map of a search: how many listings match inside `filter.bbox` (the whole world without
 * one), with pins and numbered clusters grouped for `zoom` by the server.
 */
export function useListingMap(filter: ListingFilter, zoom: number) {
  const bbox = filter.bbox ?? worldBbox
  const parameters = filterParameters({ ...filter, bbox })
  parameters.push(['zoom', String(zoom)])
  return useQuery({
    queryKey: ['listings', 'map', parameters],
    queryFn: () =>
      readJson<MapResponse>(
        // filterParameters always writes the box it is given.
        api.api.listings.map.$get({
          query: Object.fromEntries(parameters) as { bbox: string; zoom: string },
        }),
      ),
    placeholderData: (previous) => previous,
    meta: { errorMessage },
  })
}

/**
 * How many listings on the market match the filter. The last count stays on show while the next
 * is read, so that a count changing as filters change does not flicker to nothing.
 */
export function useListingCount(filter: ListingFilter, { enabled = true } = {}) {
  const parameters = filterParameters(filter)
  return useQuery({
    queryKey: ['listings', 'count', parameters],
    queryFn: () =>
      readJson<ListingCount>(
        api.api.listings.count.$get({ query: Object.fromEntries(parameters) }),
      ),
    placeholderData: (previous) => previous,
    enabled,
    meta: { errorMessage },
  })
}

/** The cache key of one listing: a save puts its response there (listing-writes.ts). */
export const listingKey = (id: string) => ['listings', 'one', id]

/** One listing, or null when there is no such listing; none is read while `enabled` is false. */
export function useListing(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: listingKey(id),
    enabled,
    queryFn: async (): Promise<Listing | null> => {
      try {
        return await readJson<Listing>(
          api.api.listings[':id'].$get({ param: { id: encodeURIComponent(id) } }),
        )
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
        throw error
      }
    },
    meta: { errorMessage },
  })
}
