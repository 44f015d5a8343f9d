// POST /api/listings/:id/conversations: a visitor's message to a landlord about their listing,
// which starts the conversation, or continues the visitor's one about that listing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Conversation } from '../../../../shared/conversation'
import type { MessageBody } from '../../../../shared/message-schema'
import { api, jsonBody, readJson } from '../../../api/http'

export function useAskLandlord(listingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: Required<MessageBody>) =>
      readJson<Conversation>(
        api.api.listings[':id'].conversations.$post(
          { param: { id: encodeURIComponent(listingId) } },
          jsonBody(message),
        ),
      ),
    // The inbox and its unread count show the conversation now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  })
}
