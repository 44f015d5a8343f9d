// Protected pages (the spec's screens): a spinner while checking, then the page or a redirect to /sign-in.
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from '../api/session'
import { Spinner } from '../../../components/Spinner'

export interface SignInRedirectState {
  from?: string
  /** Why the visitor was sent to sign in, said on the sign-in page. */
  reason?: 'save-home' | 'send-message' | 'book-viewing' | 'report-listing'
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checking } = useSession()
  const location = useLocation()
  if (checking) return <Spinner label="Checking your sign-in…" />
  if (!user) {
    const state: SignInRedirectState = { from: location.pathname + location.search }
    return <Navigate to="/sign-in" replace state={state} />
  }
  return children
}
