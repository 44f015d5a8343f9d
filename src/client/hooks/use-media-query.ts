import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now; the component renders again when that changes. A page
 * rendered on the server is rendered as on a phone, and a wider browser renders it again once it hydrates.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
