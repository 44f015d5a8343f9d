// One slide per view, with clickable pagination bullets, arrow keys and native swiping (Explore's
// Recommended). The slides sit in a CSS scroll-snap strip, so the browser does the swiping.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './Carousel.module.css'
import { SlideBullets } from './SlideBullets'
import { useScrollSettle } from '../hooks/use-scroll-settle'

interface CarouselProps {
  label: string
  slides: ReactNode[]
  className?: string
}

export function Carousel({ label, slides, className }: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [selected, setSelected] = useState(0)
  const refocus = useRef(false)
  // With nothing to focus in its slides (photos), the strip takes focus itself: a keyboard can
  // reach it and scroll it.
  const [stripFocusable, setStripFocusable] = useState(false)

  function select(index: number) {
    const viewport = viewportRef.current
    if (!viewport) return
    // Focus in the slide that leaves would fall to the page (it becomes inert): it follows.
    const focused = document.activeElement
    const focusedSlide = [...viewport.children].findIndex((slide) => slide.contains(focused))
    refocus.current = focusedSlide !== -1 && focusedSlide !== index
    setSelected(index)
  }

  function goTo(index: number) {
    const viewport = viewportRef.current
    if (!viewport || index < 0 || index >= slides.length) return
    // Smooth unless reduced motion is asked for: Carousel.module.css sets scroll-behavior.
    viewport.scrollTo({ left: index * viewport.clientWidth })
    select(index)
  }

  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    const viewport = viewportRef.current!
    const slide = viewport.children[selected]
    const target = slide?.querySelector<HTMLElement>('a, button') ?? viewport
    target.focus({ preventScroll: true })
  }, [selected])

  useEffect(() => {
    setStripFocusable(!viewportRef.current?.querySelector('a[href], button'))
  }, [slides])

  // After a swipe (or a smooth scroll) comes to rest, the slide in view is the selected one.
  const onScroll = useScrollSettle(select)

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') goTo(selected + 1)
    else if (event.key === 'ArrowLeft') goTo(selected - 1)
    else return
    event.preventDefault()
  }

  return (
    <section
      className={`${styles.carousel} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div
        className={styles.viewport}
        ref={viewportRef}
        tabIndex={stripFocusable ? 0 : -1}
        onScroll={onScroll}
      >
        {slides.map((slide, index) => (
          <div
            key={index}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== selected}
            inert={index !== selected}
          >
            {slide}
          </div>
        ))}
      </div>
      <SlideBullets
        count={slides.length}
        selected={selected}
        onSelect={goTo}
        className={styles.bullets}
      />
    </section>
  )
}
