// TanStack Query setup: failed reads toast the message their query names, in one place.
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { toast } from '../components/toasts'
import { ApiError, unauthorized } from './http'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string }
  }
}

export function createQueryClient() {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(_error, query) {
        const message = query.meta?.errorMessage
        if (message) toast.error(message, { toastId: message })
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; a dropped connection or a 5xx might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
        retryDelay: 500,
      },
    },
  })

  // Any 401 means the session ended (expired, or signed out in another tab): forget the user, and
  // a protected page sends them to Sign in, which brings them back afterwards.
  unauthorized.addEventListener('unauthorized', () => queryClient.setQueryData(['session'], null))

  return queryClient
}
