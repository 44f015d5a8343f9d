// Every screen's frame, the same in the browser (main.tsx) and on the server (render-page.tsx):
// the query cache and the router come from the side that draws it.
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { limits } from '../shared/listing'
import { AppHeader } from './components/AppHeader'
import { Navbar } from './components/Navbar'
import { ToastArea } from './components/ToastArea'
import { AppRoutes } from './routes'

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient
  router: (children: ReactNode) => ReactNode
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {router(
          <>
            <AppHeader />
            <AppRoutes />
            <Navbar />
            <ToastArea autoCloseMs={limits.toastMs} />
          </>,
        )}
      </QueryClientProvider>
    </StrictMode>
  )
}
