// Moves the toast area up or down, while toasts show, so that it covers neither the control that
// raised them nor a form's submit button, as the window scrolls and resizes.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { toastShift, type Band } from '../components/toast-placement'

/** The room kept between a toast and what it keeps clear of, and from the window's top edge. */
const gap = 8

const controls = 'button, a[href], input, select, textarea, label, [role="button"]'

export function useToastPlacement(area: RefObject<HTMLElement | null>, toastCount: number) {
  // The controls that raised the showing toasts: the focused one, or the one last pressed
  // (Safari does not focus a button on a click).
  const raisers = useRef(new Set<Element>())
  const lastPressed = useRef<Element | null>(null)
  const shown = useRef(0)

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target.closest(controls) : null
      if (target && !area.current?.contains(target)) lastPressed.current = target
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [area])

  useLayoutEffect(() => {
    const element = area.current
    if (!element) return
    if (toastCount > shown.current) {
      const focused = document.activeElement
      if (focused && focused !== document.body && !element.contains(focused)) {
        raisers.current.add(focused)
      }
      if (lastPressed.current) raisers.current.add(lastPressed.current)
    }
    shown.current = toastCount
    if (toastCount === 0) {
      raisers.current.clear()
      element.style.removeProperty('--toast-shift')
      return
    }

    let frame = 0
    const place = () => {
      frame = 0
      const current = Number.parseFloat(element.style.getPropertyValue('--toast-shift')) || 0
      const box = element.getBoundingClientRect()
      const stack = { top: box.top - current, bottom: box.bottom - current }
      const keptClear = [...raisers.current, ...document.querySelectorAll('form [type="submit"]')]
      const obstacles: Band[] = []
      for (const control of keptClear) {
        if (!control.isConnected) continue
        const rect = control.getBoundingClientRect()
        const beside = rect.right <= box.left || rect.left >= box.right
        if (rect.height > 0 && !beside) obstacles.push({ top: rect.top, bottom: rect.bottom })
      }
      const shift = toastShift(stack, obstacles, { top: gap, bottom: stack.bottom }, gap)
      element.style.setProperty('--toast-shift', `${shift}px`)
    }
    const placeSoon = () => {
      if (!frame) frame = requestAnimationFrame(place)
    }
    place()
    window.addEventListener('scroll', placeSoon, { passive: true, capture: true })
    window.addEventListener('resize', placeSoon)
    // A toast's text wrapping to another line, or a toast leaving, changes the stack's height.
    const resizes = new ResizeObserver(placeSoon)
    resizes.observe(element)
    return () => {
      if (frame) cancelAnimationFrame(frame)
      window.removeEventListener('scroll', placeSoon, { capture: true })
      window.removeEventListener('resize', placeSoon)
      resizes.disconnect()
    }
  }, [area, toastCount])
}
