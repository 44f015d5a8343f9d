// The signed-in user's conversations: the inbox, one conversation kept up to date while it is open,
// replies, and marking read (which the unread count, unread-conversations.ts, then shows).
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { useState } from 'react'
import type { Conversation, ConversationPage, Message } from '../../../../shared/conversation'
import { api, ApiError, jsonBody, readJson } from '../../../api/http'
import { mergeConversation, mergeMessages } from './merge-messages'
import { conversationsKey, inboxPollMs, unreadKey } from './unread-conversations'

/** How often an open conversation asks for new messages: they show within 3 seconds. */
export const conversationPollMs = 2_000

const inboxKey = (userId: string) => [...conversationsKey(userId), 'inbox']
const conversationKey = (userId: string, conversationId: string) => [
  ...conversationsKey(userId),
  'conversation',
  conversationId,
]

/** /messages: the user's conversations, the latest message first, a page at a time. */
export function useInbox(userId: string) {
  return useInfiniteQuery({
    queryKey: inboxKey(userId),
    queryFn: ({ pageParam }) =>
      readJson<ConversationPage>(
        api.api.conversations.$get({ query: pageParam ? { cursor: pageParam } : {} }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchInterval: inboxPollMs,
    staleTime: 0,
    meta: { errorMessage: 'Could not load your messages' },
  })
}

function fetchConversation(conversationId: string, before?: string) {
  return readJson<Conversation>(
    api.api.conversations[':id'].$get({
      param: { id: encodeURIComponent(conversationId) },
      query: before === undefined ? {} : { before },
    }),
  )
}

/**
 * One conversation, polled while it is on screen: each response (its newest messages) is merged into
 * what is held, so older messages loaded meanwhile stay. A 404 (not one of the user's) is final.
 */
export function useConversation(userId: string, conversationId: string) {
  const queryClient = useQueryClient()
  const key = conversationKey(userId, conversationId)
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const newest = await fetchConversation(conversationId)
      return mergeConversation(queryClient.getQueryData<Conversation>(key), newest)
    },
    // A dropped connection is tried again at the next poll; a conversation not found stays so.
    refetchInterval: (query) => (isNotFound(query.state.error) ? false : conversationPollMs),
    staleTime: 0,
  })
}

/** The API's error response for a conversation that does not exist or is not the user's. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** Loads the page of messages before the oldest held, keeping everything held. */
export function useLoadOlderMessages(userId: string, conversationId: string) {
  const queryClient = useQueryClient()
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const key = conversationKey(userId, conversationId)

  async function loadOlder() {
    const before = queryClient.getQueryData<Conversation>(key)?.nextBefore
    if (!before || loading) return
    setLoading(true)
    setFailed(false)
    try {
      const older = await fetchConversation(conversationId, before)
      queryClient.setQueryData<Conversation>(key, (held) => mergeConversation(held, older))
    } catch {
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }
  return { loadOlder, loading, failed }
}

/** A reply as typed; `clientId` makes a resend of it (after a failure) store it once. */
export interface Reply {
  body: string
  clientId: string
}

/** Sends a reply; once stored it shows in the conversation without waiting for the next poll. */
export function useSendMessage(userId: string, conversationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reply: Reply) =>
      readJson<Message>(
        api.api.conversations[':id'].messages.$post(
          { param: { id: encodeURIComponent(conversationId) } },
          jsonBody(reply),
        ),
      ),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(conversationKey(userId, conversationId), (held) =>
        held ? { ...held, messages: mergeMessages(held.messages, [message]) } : held,
      )
      void queryClient.invalidateQueries({ queryKey: inboxKey(userId) })
    },
  })
}

/** Marks the conversation read: its unread mark and the counts go, and no mail comes of it. */
export function useMarkRead(userId: string, conversationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      readJson<unknown>(
        api.api.conversations[':id'].read.$post(
          { param: { id: encodeURIComponent(conversationId) } },
          jsonBody({}),
        ),
      ),
    onSuccess: () => {
      queryClient.setQueryData<Conversation>(conversationKey(userId, conversationId), (held) =>
        held ? { ...held, unread: 0 } : held,
      )
      refreshCounts(queryClient, userId)
    },
  })
}

function refreshCounts(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: unreadKey(userId) })
  void queryClient.invalidateQueries({ queryKey: inboxKey(userId) })
}
