// The routes of SPEC §2. Every screen is its own chunk, fetched when first visited.
import { lazy, Suspense, type ComponentType } from 'react'
import { Route, Routes } from 'react-router'
import { Spinner } from './components/Spinner'

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load)
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  )
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={page(() => import('./pages/Explore'))} />
      <Route path="/offers" element={page(() => import('./pages/Offers'))} />
      <Route path="/category/:categoryName" element={page(() => import('./pages/Category'))} />
      <Route
        path="/category/:categoryName/:listingId"
        element={page(() => import('./pages/Listing'))}
      />
      <Route path="/contact/:landlordId" element={page(() => import('./pages/Contact'))} />
      <Route path="*" element={page(() => import('./pages/NotFound'))} />
    </Routes>
  )
}
