// The sign-in status for the whole client (one query, shared), and the spec's account calls.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { PublicUser } from '../../../../shared/profile'
import { useHydrating } from '../../../hooks/use-hydrating'
import { api, readJson } from '../../../api/http'

const sessionKey = ['session'] as const

// Better Auth's paths (/api/auth/*) sit behind one catch-all route, which the typed client cannot
// name: these calls are written by hand (same-origin, fetch's default, sends the cookie).
export const postJson = <T>(path: string, body: unknown) =>
  readJson<T>(
    fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )

/** The signed-in user: the profile, and whether the e-mail address has been verified. */
export interface SessionUser extends PublicUser {
  emailVerified: boolean
}

export async function fetchSession(): Promise<SessionUser | null> {
  const session = await readJson<{ user: SessionUser } | null>(fetch('/api/auth/get-session'))
  if (!session) return null
  const { id, name, email, emailVerified } = session.user
  return { id, name, email, emailVerified: emailVerified === true }
}

/** `undefined` while checking, then the user or `null`. */
export function useSession() {
  const { data, isPending } = useQuery({
    queryKey: sessionKey,
    queryFn: fetchSession,
    staleTime: 5 * 60_000,
    // Coming back to the tab: signed out elsewhere meanwhile?
    refetchOnWindowFocus: true,
    // Not signed in is a result, not an error; a failed check counts as signed out.
    retry: 1,
  })
  // A server-rendered page is hydrated as the server rendered it, for someone not yet known.
  const unknown = useHydrating() || isPending
  return { user: unknown ? undefined : (data ?? null), checking: unknown }
}

/** After any change of who is signed in: ask the server again, and forget what belonged to the old user. */
export function useRefreshSession() {
  const queryClient = useQueryClient()
  return async () => {
    queryClient.removeQueries({ queryKey: ['listings', 'mine'] })
    await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 0 })
  }
}

export function useSignIn() {
  const refresh = useRefreshSession()
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      postJson<{ user: PublicUser }>('/api/auth/sign-in/email', credentials),
    onSuccess: refresh,
  })
}

export function useSignUp() {
  const refresh = useRefreshSession()
  return useMutation({
    mutationFn: (account: { name: string; email: string; password: string }) =>
      postJson<{ user: PublicUser }>('/api/auth/sign-up/email', account),
    onSuccess: refresh,
  })
}

/** Signs out and goes to Explore (the spec's screens), before the protected page could send the visitor to Sign in. */
export function useSignOut() {
  const refresh = useRefreshSession()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => postJson<unknown>('/api/auth/sign-out', {}),
    onSuccess: async () => {
      await navigate('/', { replace: true })
      await refresh()
    },
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      postJson<unknown>('/api/auth/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (reset: { token: string; newPassword: string }) =>
      postJson<unknown>('/api/auth/reset-password', reset),
  })
}

/** Mails the signed-in user a new verification link (Better Auth's; limited per account). */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      postJson<unknown>('/api/auth/send-verification-email', { email }),
  })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => readJson<PublicUser>(api.api.users.me.$patch({ json: { name } })),
    onSuccess: (user) => {
      queryClient.setQueryData<SessionUser | null>(sessionKey, (current) =>
        current ? { ...current, name: user.name } : current,
      )
      void queryClient.invalidateQueries({ queryKey: ['users', user.id] })
    },
  })
}
