// The spec's screens (their paths in shared/screens.ts, which the server's page heads match
// too). Every screen is its own chunk, fetched when first visited.
import { lazy, Suspense, type ComponentType } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { screens } from '../shared/screens'
import { MarkHydrated } from './components/MarkHydrated'
import { PageErrorBoundary } from './components/PageErrorBoundary'
import { RedirectSignedIn } from './features/account/components/RedirectSignedIn'
import { RequireAuth } from './features/account/components/RequireAuth'
import { Spinner } from './components/Spinner'

const page = (
  load: () => Promise<{ default: ComponentType }>,
  access: 'everyone' | 'signed-in' | 'visitors' = 'everyone',
) => {
  const Page = lazy(load)
  const element = (
    <Suspense fallback={<Spinner />}>
      <Page />
      <MarkHydrated />
    </Suspense>
  )
  if (access === 'signed-in') return <RequireAuth>{element}</RequireAuth>
  if (access === 'visitors') return <RedirectSignedIn>{element}</RedirectSignedIn>
  return element
}

// Made once, not on every render: a lazy component made anew is a new component, so a change of
// the query alone (the search page's filters) would unmount its screen and suspend it again.
const routes: [path: string, element: ReturnType<typeof page>][] = [
  [screens.explore.path, page(() => import('./pages/Explore'))],
  [screens.offers.path, page(() => import('./pages/Offers'))],
  [screens.search.path, page(() => import('./pages/Search'))],
  [screens.category.path, page(() => import('./pages/Category'))],
  [screens.listing.path, page(() => import('./pages/Listing'))],
  [screens.contact.path, page(() => import('./pages/Contact'))],
  [screens.landlord.path, page(() => import('./pages/Landlord'))],
  [screens.signIn.path, page(() => import('./pages/SignIn'), 'visitors')],
  [screens.signUp.path, page(() => import('./pages/SignUp'), 'visitors')],
  [screens.forgotPassword.path, page(() => import('./pages/ForgotPassword'))],
  [screens.resetPassword.path, page(() => import('./pages/ResetPassword'))],
  [screens.oauthPopup.path, page(() => import('./pages/OAuthPopup'))],
  [screens.profile.path, page(() => import('./pages/Profile'), 'signed-in')],
  [screens.saved.path, page(() => import('./pages/Saved'), 'signed-in')],
  [screens.createListing.path, page(() => import('./pages/CreateListing'), 'signed-in')],
  [screens.editListing.path, page(() => import('./pages/EditListing'), 'signed-in')],
  [screens.messages.path, page(() => import('./pages/Messages'), 'signed-in')],
  [screens.conversation.path, page(() => import('./pages/Conversation'), 'signed-in')],
  [screens.viewings.path, page(() => import('./pages/Viewings'), 'signed-in')],
  [screens.moderation.path, page(() => import('./pages/Moderation'), 'signed-in')],
  // Signed-in only, checked by the page itself: the server renders its figures for the owner.
  [screens.listingStats.path, page(() => import('./pages/ListingStats'))],
  [screens.privacy.path, page(() => import('./pages/Privacy'))],
  ['*', page(() => import('./pages/NotFound'))],
]

export function AppRoutes() {
  // Keyed by the path: moving to another screen leaves a failed one behind.
  const { pathname } = useLocation()
  return (
    <PageErrorBoundary key={pathname}>
      <Routes>
        {routes.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </PageErrorBoundary>
  )
}
