// The hearts and the saved homes: one shared query of the saved ids that every heart reads, the
// save and unsave calls with their optimistic change, and the pages of /saved.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FavouriteIds, FavouritePage } from '../../../../shared/favourites'
import { limits } from '../../../../shared/listing'
import { toast } from '../../../components/toasts'
import { api, ApiError, readJson } from '../../../api/http'

/** Everything of one user's favourites: a change of who is signed in starts from nothing. */
const favouritesKey = (userId: string) => ['favourites', userId]
const idsKey = (userId: string) => [...favouritesKey(userId), 'ids']
const pagesKey = (userId: string) => [...favouritesKey(userId), 'pages']
const toggleKey = ['favourites', 'toggle']

/** The ids of the listings the user saved; empty for a visitor. */
export function useFavouriteIds(userId: string | undefined) {
  return useQuery({
    queryKey: idsKey(userId ?? ''),
    queryFn: () => readJson<FavouriteIds>(api.api.favourites.ids.$get()).then((body) => body.ids),
    enabled: userId !== undefined,
    meta: { errorMessage: 'Could not fetch your saved homes' },
  })
}

export interface FavouriteChange {
  listingId: string
  /** true to save, false to unsave */
  save: boolean
}

async function writeFavourite({ listingId, save }: FavouriteChange): Promise<void> {
  const param = { param: { listingId: encodeURIComponent(listingId) } }
  try {
    await readJson<unknown>(
      save
        ? api.api.favourites[':listingId'].$put(param)
        : api.api.favourites[':listingId'].$delete(param),
    )
  } catch (error) {
    // A listing deleted since it was saved took its save with it: unsaving it is done.
    if (!save && error instanceof ApiError && error.status === 404) return
    throw error
  }
}

/** The saved ids with this one change made. */
function changed(ids: string[] | undefined, { listingId, save }: FavouriteChange): string[] {
  const others = (ids ?? []).filter((id) => id !== listingId)
  return save ? [listingId, ...others] : others
}

/**
 * Saves or unsaves a listing: every heart shows it at once, and shows it back if the server says
 * no (with a toast). Afterwards the ids and /saved are read again, once the last change is done.
 */
export function useToggleFavourite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: toggleKey,
    mutationFn: writeFavourite,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: idsKey(userId) })
      queryClient.setQueryData<string[]>(idsKey(userId), (ids) => changed(ids, change))
    },
    onError: (error, change) => {
      // Only this change is undone: another heart pressed meanwhile keeps its own.
      queryClient.setQueryData<string[]>(idsKey(userId), (ids) =>
        changed(ids, { ...change, save: !change.save }),
      )
      toast.error(favouriteFailure(error, change))
    },
    onSettled: () => {
      // A read while another change is on its way could show that one undone for a moment.
      if (queryClient.isMutating({ mutationKey: toggleKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: favouritesKey(userId) })
      }
    },
  })
}

/** The server's word for the limit; otherwise what could not be done. */
function favouriteFailure(error: Error, { save }: FavouriteChange): string {
  if (error instanceof ApiError && error.status === 400) return error.message
  return save
    ? 'Could not save the listing, try again'
    : 'Could not remove the listing from your saved homes, try again'
}

/** /saved: the saved listings, newest saved first, a page at a time ('Load More'). */
export function useSavedPages(userId: string) {
  return useInfiniteQuery({
    queryKey: pagesKey(userId),
    queryFn: ({ pageParam }) =>
      readJson<FavouritePage>(
        api.api.favourites.$get({
          query: { limit: String(limits.pageSize), ...(pageParam && { cursor: pageParam }) },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: 'Could not fetch your saved homes' },
  })
}

/** Where a visitor's heart waits while they sign in (this tab only). */
const pendingKey = 'house-marketplace:pending-favourite'
/** A save not finished within this is forgotten: the visitor went elsewhere. */
const pendingLifetimeMs = 30 * 60_000

/** Keeps the listing a visitor hearted, to save once they have signed in. */
export function rememberPendingFavourite(listingId: string, now = Date.now()) {
  try {
    sessionStorage.setItem(pendingKey, JSON.stringify({ listingId, at: now }))
  } catch {
    // Storage failed (a private window's quota): the visitor signs in and presses again.
  }
}

/** The listing a visitor hearted before signing in, once: it is forgotten as it is read. */
export function takePendingFavourite(now = Date.now()): string | undefined {
  try {
    const text = sessionStorage.getItem(pendingKey)
    if (text === null) return undefined
    sessionStorage.removeItem(pendingKey)
    const pending = JSON.parse(text) as { listingId?: unknown; at?: unknown }
    const fresh = typeof pending.at === 'number' && now - pending.at < pendingLifetimeMs
    return fresh && typeof pending.listingId === 'string' ? pending.listingId : undefined
  } catch {
    return undefined
  }
}
