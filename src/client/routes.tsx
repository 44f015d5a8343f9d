// The routes of SPEC §2. Every screen is its own chunk, fetched when first visited.
import { lazy, Suspense, type ComponentType } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { PageErrorBoundary } from './components/PageErrorBoundary'
import { RequireAuth } from './components/RequireAuth'
import { Spinner } from './components/Spinner'

const page = (
  load: () => Promise<{ default: ComponentType }>,
  access: 'everyone' | 'signed-in' = 'everyone',
) => {
  const Page = lazy(load)
  const element = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  )
  return access === 'signed-in' ? <RequireAuth>{element}</RequireAuth> : element
}

export function AppRoutes() {
  // Keyed by the path: moving to another screen leaves a failed one behind.
  const { pathname } = useLocation()
  return (
    <PageErrorBoundary key={pathname}>
      <Routes>
        <Route path="/" element={page(() => import('./pages/Explore'))} />
        <Route path="/offers" element={page(() => import('./pages/Offers'))} />
        <Route path="/category/:categoryName" element={page(() => import('./pages/Category'))} />
        <Route
          path="/category/:categoryName/:listingId"
          element={page(() => import('./pages/Listing'))}
        />
        <Route path="/contact/:landlordId" element={page(() => import('./pages/Contact'))} />
        <Route path="/sign-in" element={page(() => import('./pages/SignIn'))} />
        <Route path="/sign-up" element={page(() => import('./pages/SignUp'))} />
        <Route path="/forgot-password" element={page(() => import('./pages/ForgotPassword'))} />
        <Route path="/reset-password" element={page(() => import('./pages/ResetPassword'))} />
        <Route path="/oauth-popup" element={page(() => import('./pages/OAuthPopup'))} />
        <Route path="/profile" element={page(() => import('./pages/Profile'), 'signed-in')} />
        <Route
          path="/create-listing"
          element={page(() => import('./pages/CreateListing'), 'signed-in')}
        />
        <Route
          path="/edit-listing/:listingId"
          element={page(() => import('./pages/EditListing'), 'signed-in')}
        />
        <Route path="*" element={page(() => import('./pages/NotFound'))} />
      </Routes>
    </PageErrorBoundary>
  )
}
