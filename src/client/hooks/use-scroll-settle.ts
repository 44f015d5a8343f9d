// One scroll-snap strip's selection after a swipe, shared by the Explore carousel and the photos.
import { useEffect, useRef, type UIEvent } from 'react'

/** How long a strip stays still before a swipe (or a smooth scroll) counts as finished. */
const settleMs = 100

/**
 * A scroll handler for a strip of full-width slides: once it comes to rest on a slide, `onSettle`
 * gets that slide's index.
 */
export function useScrollSettle(onSettle: (index: number) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (event: UIEvent<HTMLElement>) => {
    const strip = event.currentTarget
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const index = Math.round(strip.scrollLeft / strip.clientWidth)
      // A busy page can pause a smooth scroll mid-way for longer than settleMs: only a strip
      // resting on a slide has settled (snapping always ends on one), else the next event decides.
      if (Math.abs(strip.scrollLeft - index * strip.clientWidth) < 1) onSettle(index)
    }, settleMs)
  }
}
