// Viewings in the browser: a listing's slots (published by its owner, booked by visitors) and the
// signed-in user's bookings, both sides (/viewings). Every write refreshes both lists.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  Booking,
  BookingList,
  ViewingSlotInput,
  ViewingSlotList,
} from '../../../../shared/viewing'
import { api, jsonBody, readJson } from '../../../api/http'

const viewingsKey = ['viewings']
const slotsKey = (listingId: string) => [...viewingsKey, 'slots', listingId]
const bookingsKey = [...viewingsKey, 'bookings']

/** The listing's future slots, as the caller sees them (their bookings; the owner: who booked). */
export function useViewingSlots(listingId: string) {
  return useQuery({
    queryKey: slotsKey(listingId),
    queryFn: () =>
      readJson<ViewingSlotList>(
        api.api.listings[':id']['viewing-slots'].$get({
          param: { id: encodeURIComponent(listingId) },
        }),
      ),
    staleTime: 0,
  })
}

/** The caller's bookings and the bookings of their listings, upcoming first. */
export function useBookings() {
  return useQuery({
    queryKey: bookingsKey,
    queryFn: () => readJson<BookingList>(api.api.bookings.$get()),
    staleTime: 0,
    meta: { errorMessage: 'Could not load your viewings' },
  })
}

function refreshViewings(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: viewingsKey })
}

/** The owner's slots, all of them: the server keeps booked ones whatever is sent. */
export function useReplaceSlots(listingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (slots: ViewingSlotInput[]) =>
      readJson<ViewingSlotList>(
        api.api.listings[':id']['viewing-slots'].$put(
          { param: { id: encodeURIComponent(listingId) } },
          jsonBody({ slots }),
        ),
      ),
    onSuccess: (list) => {
      queryClient.setQueryData(slotsKey(listingId), list)
      refreshViewings(queryClient)
    },
  })
}

export function useBookSlot() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (slotId: string) =>
      readJson<Booking>(
        api.api['viewing-slots'][':id'].bookings.$post(
          { param: { id: encodeURIComponent(slotId) } },
          jsonBody({}),
        ),
      ),
    // A 409 (full meanwhile) changes the slots too: read them again either way.
    onSettled: () => refreshViewings(queryClient),
  })
}

export function useCancelBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookingId: string) =>
      readJson<unknown>(
        api.api.bookings[':id'].$delete({ param: { id: encodeURIComponent(bookingId) } }),
      ),
    onSettled: () => refreshViewings(queryClient),
  })
}

/** The booking's calendar file (the same event as its mails'), for 'Add to calendar'. */
export const bookingCalendarUrl = (bookingId: string) =>
  api.api.bookings[':id']['calendar.ics'].$path({ param: { id: encodeURIComponent(bookingId) } })
