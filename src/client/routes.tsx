// The spec's screens (their paths in shared/screens.ts, which the server's page heads match
// too). Every screen is its own chunk, fetched when first visited.
import { lazy, Suspense, type ComponentType } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { screens } from '../shared/screens'
import { PageErrorBoundary } from './components/PageErrorBoundary'
import { RedirectSignedIn } from './components/RedirectSignedIn'
import { RequireAuth } from './components/RequireAuth'
import { Spinner } from './components/Spinner'

const page = (
  load: () => Promise<{ default: ComponentType }>,
  access: 'everyone' | 'signed-in' | 'visitors' = 'everyone',
) => {
  const Page = lazy(load)
  const element = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  )
  if (access === 'signed-in') return <RequireAuth>{element}</RequireAuth>
  if (access === 'visitors') return <RedirectSignedIn>{element}</RedirectSignedIn>
  return element
}

export function AppRoutes() {
  // Keyed by the path: moving to another screen leaves a failed one behind.
  const { pathname } = useLocation()
  return (
    <PageErrorBoundary key={pathname}>
      <Routes>
        <Route path={screens.explore.path} element={page(() => import('./pages/Explore'))} />
        <Route path={screens.offers.path} element={page(() => import('./pages/Offers'))} />
        <Route path={screens.category.path} element={page(() => import('./pages/Category'))} />
        <Route path={screens.listing.path} element={page(() => import('./pages/Listing'))} />
        <Route path={screens.contact.path} element={page(() => import('./pages/Contact'))} />
        <Route
          path={screens.signIn.path}
          element={page(() => import('./pages/SignIn'), 'visitors')}
        />
        <Route
          path={screens.signUp.path}
          element={page(() => import('./pages/SignUp'), 'visitors')}
        />
        <Route
          path={screens.forgotPassword.path}
          element={page(() => import('./pages/ForgotPassword'))}
        />
        <Route
          path={screens.resetPassword.path}
          element={page(() => import('./pages/ResetPassword'))}
        />
        <Route path={screens.oauthPopup.path} element={page(() => import('./pages/OAuthPopup'))} />
        <Route
          path={screens.profile.path}
          element={page(() => import('./pages/Profile'), 'signed-in')}
        />
        <Route
          path={screens.createListing.path}
          element={page(() => import('./pages/CreateListing'), 'signed-in')}
        />
        <Route
          path={screens.editListing.path}
          element={page(() => import('./pages/EditListing'), 'signed-in')}
        />
        <Route path="*" element={page(() => import('./pages/NotFound'))} />
      </Routes>
    </PageErrorBoundary>
  )
}
