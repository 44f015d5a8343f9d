// The count of the user's unread conversations, which the header and Profile show on every page:
// apart from the rest of conversations.ts, so the first load of any page carries only this.
import { useQuery } from '@tanstack/react-query'
import { api, readJson } from '../../../api/http'

/** How often the unread count and the inbox are read again while the tab is visible. */
export const inboxPollMs = 15_000

/** Everything of one user's conversations: a change of who is signed in starts from nothing. */
export const conversationsKey = (userId: string) => ['conversations', userId]
export const unreadKey = (userId: string) => [...conversationsKey(userId), 'unread']

/** The number of the user's conversations with a message they have not read; none for a visitor. */
export function useUnreadConversations(userId: string | undefined) {
  const { data } = useQuery({
    queryKey: unreadKey(userId ?? ''),
    queryFn: () => readJson<{ count: number }>(api.api.conversations.unread.$get()),
    // Polling stops once nobody is signed in, and (TanStack's default) while the tab is hidden.
    enabled: userId !== undefined,
    refetchInterval: inboxPollMs,
    staleTime: 0,
  })
  return userId === undefined ? 0 : (data?.count ?? 0)
}
