// Sign in and Sign up are for visitors: a user already signed in who opens one goes to My Profile.
import { useState, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useSession } from '../api/session'
import { Spinner } from '../../../components/Spinner'
import { useHydrating } from '../../../hooks/use-hydrating'

export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user, checking } = useSession()
  // A page the server rendered keeps its form while the session is checked: it is what a reader
  // without scripts sees, and swapping it for a spinner would flash.
  const [renderedByServer] = useState(useHydrating())
  // Decided once, when the page opens: signing in on this very page must not send the user to
  // My Profile, since the form itself then goes where the spec says (Explore, or back).
  const [signedInOnArrival, setSignedInOnArrival] = useState(checking ? undefined : !!user)
  if (signedInOnArrival === undefined && !checking) setSignedInOnArrival(!!user)
  const decided = signedInOnArrival ?? (checking ? undefined : !!user)

  // Neither the form nor the profile yet: the form must not flash before a redirect.
  if (decided === undefined) {
    return renderedByServer ? children : <Spinner label="Checking your sign-in…" />
  }
  if (decided) return <Navigate to="/profile" replace />
  return children
}
