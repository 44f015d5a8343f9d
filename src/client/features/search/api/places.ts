// The places a search box offers as the visitor types, and one place by its id for the chip and
// the map of a search that names it.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlaceItem } from '../../../../server/places/place-item'
import type { Bbox } from '../../../../shared/listing-requests'
import { api, ApiError, readJson } from '../../../api/http'

/** A city of the gazetteer as GET /api/places returns it; its box is [west, south, east, north]. */
export type Place = PlaceItem

/** How long the typing rests before the places are asked for. */
export const suggestDelayMs = 200

export const placeKey = (id: number) => ['places', id]
const suggestionsKey = (text: string) => ['places', 'suggestions', text]

/** The places whose names start with the text typed, busiest first; none for blank text. */
export function usePlaceSuggestions(typed: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: suggestionsKey(typed),
    // A newer text cancels the older request: its signal aborts the fetch.
    queryFn: async ({ signal }) => {
      const { items } = await readJson<{ items: Place[] }>(
        api.api.places.$get({ query: { q: typed } }, { init: { signal } }),
      )
      // A place chosen from these is then known to the chip and the map without a request.
      for (const place of items) queryClient.setQueryData(placeKey(place.id), place)
      return items
    },
    enabled: typed !== '',
    // The list stays as it was while the next letters are looked up, instead of blinking.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  })
}

/** The place of a search, or null when there is no such place; nothing is asked without an id. */
export function usePlace(id: number | undefined) {
  return useQuery({
    queryKey: placeKey(id ?? 0),
    queryFn: async (): Promise<Place | null> => {
      try {
        return await readJson<Place>(api.api.places[':id'].$get({ param: { id: String(id) } }))
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
        throw error
      }
    },
    enabled: id !== undefined,
    staleTime: Infinity,
  })
}

/** The place's box as the map and the search read one. */
export function placeBbox({ bbox: [west, south, east, north] }: Place): Bbox {
  return { west, south, east, north }
}
