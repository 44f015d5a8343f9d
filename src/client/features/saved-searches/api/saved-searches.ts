// The signed-in user's saved searches: the list, and saving, changing and deleting one, each of
// which puts the server's response straight into the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  NewSavedSearch,
  SavedSearch,
  SavedSearchChange,
  SavedSearchList,
} from '../../../../shared/saved-search'
import { api, jsonBody, readJson } from '../../../api/http'

const savedSearchesKey = (userId: string) => ['saved-searches', userId]

/** The user's saved searches, newest first. */
export function useSavedSearches(userId: string) {
  return useQuery({
    queryKey: savedSearchesKey(userId),
    queryFn: async () => (await readJson<SavedSearchList>(api.api['saved-searches'].$get())).items,
    meta: { errorMessage: 'Could not load your saved searches' },
  })
}

/** Updates the cached list, if there is one, with what the server returned. */
function useUpdateList(userId: string) {
  const queryClient = useQueryClient()
  return (change: (items: SavedSearch[]) => SavedSearch[]) =>
    queryClient.setQueryData<SavedSearch[]>(savedSearchesKey(userId), (items) =>
      items ? change(items) : items,
    )
}

export function useSaveSearch(userId: string) {
  const updateList = useUpdateList(userId)
  return useMutation({
    mutationFn: (search: NewSavedSearch) =>
      readJson<SavedSearch>(api.api['saved-searches'].$post({}, jsonBody(search))),
    onSuccess: (saved) => updateList((items) => [saved, ...items]),
  })
}

export function useChangeSavedSearch(userId: string) {
  const updateList = useUpdateList(userId)
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) =>
      readJson<SavedSearch>(
        api.api['saved-searches'][':id'].$patch(
          { param: { id: encodeURIComponent(id) } },
          jsonBody(change),
        ),
      ),
    onSuccess: (saved) =>
      updateList((items) => items.map((item) => (item.id === saved.id ? saved : item))),
  })
}

export function useDeleteSavedSearch(userId: string) {
  const updateList = useUpdateList(userId)
  return useMutation({
    mutationFn: (id: string) =>
      api.api['saved-searches'][':id']
        .$delete({ param: { id: encodeURIComponent(id) } })
        .then(async (response) => {
          if (!response.ok) await readJson(Promise.resolve(response))
        }),
    onSuccess: (_, id) => updateList((items) => items.filter((item) => item.id !== id)),
  })
}
