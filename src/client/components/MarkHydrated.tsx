import { useEffect } from 'react'

/**
 * Marks the page live: its buttons take presses from now on (global.css). Rendered beside each
 * screen, inside its Suspense boundary: the frame around a screen is hydrated first, and a press
 * on the screen's own buttons before the screen itself is hydrated would do nothing.
 */
export function MarkHydrated() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '')
  }, [])
  return null
}
