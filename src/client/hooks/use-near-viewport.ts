import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on: for parts that
 * are costly to load and need not be ready before someone scrolls to them.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  // False at first on the server and in browsers alike, so a server-rendered page hydrates as it stands;
  // true at once only where nothing can observe (a test's DOM without IntersectionObserver).
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
