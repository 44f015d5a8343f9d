// Every screen's frame, the same in the browser (main.tsx) and on the server (render-page.tsx):
// the query cache and the router come from the side that renders it.
import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { limits } from '../shared/listing'
import { AppFooter } from './layout/AppFooter'
import { AppHeader } from './layout/AppHeader'
import { Navbar } from './components/Navbar'
import { ToastArea } from './components/ToastArea'
import { AppRoutes } from './routes'

const contentId = 'content'

/**
 * The first Tab stop: past the header, straight to the screen's own content. A plain link to its
 * anchor without scripts; with them, the focus is moved by hand, as the router owns the address.
 */
function SkipLink() {
  return (
    <a
      href={`#${contentId}`}
      className="skip-link"
      onClick={(event) => {
        const content = document.getElementById(contentId)
        if (!content) return
        event.preventDefault()
        content.focus()
      }}
    >
      Skip to content
    </a>
  )
}

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
            <SkipLink />
            <AppHeader />
            <div id={contentId} tabIndex={-1}>
              <AppRoutes />
            </div>
            <Navbar />
            <AppFooter />
            <ToastArea autoCloseMs={limits.toastMs} />
          </>,
        )}
      </QueryClientProvider>
    </StrictMode>
  )
}
