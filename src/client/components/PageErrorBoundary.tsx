// A screen that throws (a bug, or a page file that no longer exists after a new release) shows a
// way out instead of a blank window; the navigation bar and toasts stay, outside it.
import { Component, type ReactNode } from 'react'
import { MarkHydrated } from './MarkHydrated'

interface State {
  error: Error | null
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error) {
    // A page file missing after a new release: reload once to get the new ones.
    const stale = /dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
    if (stale && !sessionStorage.getItem('reloaded-for-new-release')) {
      sessionStorage.setItem('reloaded-for-new-release', '1')
      window.location.reload()
      return
    }
    console.error('A screen failed:', error)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <main className="page">
        <h1 className="page-header">Something went wrong</h1>
        <p>This screen could not be shown. Reloading the page usually helps.</p>
        <p>
          <button type="button" className="load-more" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
        <p>
          <a href="/">Go to Explore</a>
        </p>
        <MarkHydrated />
      </main>
    )
  }
}
