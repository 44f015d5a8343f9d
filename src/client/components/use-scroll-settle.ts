// One scroll-snap strip's selection after a swipe, shared by the Explore carousel and the photos.
import { useEffect, useRef, type UIEvent } from 'react'

/** How long a strip stays still before a swipe (or a smooth scroll) counts as finished. */
const settleMs = 100

/**
 * A scroll handler for a strip of full-width slides: once it comes to rest, `onSettle` gets the
 * index of the slide in view.
 */
export function useScrollSettle(onSettle: (index: number) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (event: UIEvent<HTMLElement>) => {
    const strip = event.currentTarget
    clearTimeout(timer.current)
    timer.current = setTimeout(
      () => onSettle(Math.round(strip.scrollLeft / strip.clientWidth)),
      settleMs,
    )
  }
}
