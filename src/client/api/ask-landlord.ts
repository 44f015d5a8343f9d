// POST /api/listings/:id/conversations: a visitor's message to a landlord about their listing,
// which starts the conversation, or continues the visitor's one about that listing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Conversation, MessageBody } from '../../shared/conversation'
import { sendJson } from './http'

/** A client id for a message: sent again with the same text, the server stores it only once. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function useAskLandlord(listingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: Required<MessageBody>) =>
      sendJson<Conversation>(
        'POST',
        `/api/listings/${encodeURIComponent(listingId)}/conversations`,
        message,
      ),
    // The inbox and its unread count show the conversation now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  })
}
