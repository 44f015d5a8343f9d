// One slide per view, with clickable pagination bullets and arrow keys (Explore, listing images).
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react'
import styles from './Carousel.module.css'

interface CarouselProps {
  label: string
  slides: ReactNode[]
  className?: string
}

export function Carousel({ label, slides, className }: CarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false })
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => {
      const next = embla.selectedScrollSnap()
      // Focus inside the slide that is leaving would fall to the page (it becomes inert):
      // take it to the slide that arrives, or to the carousel itself.
      const root = embla.rootNode()
      if (root.contains(document.activeElement)) {
        const target = embla.slideNodes()[next]?.querySelector<HTMLElement>('a, button') ?? root
        target.focus({ preventScroll: true })
      }
      setSelected(next)
    }
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla])

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') embla?.scrollNext()
      else if (event.key === 'ArrowLeft') embla?.scrollPrev()
      else return
      event.preventDefault()
    },
    [embla],
  )

  return (
    <section
      className={`${styles.carousel} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      <div className={styles.viewport} ref={viewportRef} tabIndex={-1}>
        <div className={styles.container}>
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
      </div>
      {slides.length > 1 && (
        <div className={styles.bullets}>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className={index === selected ? `${styles.bullet} ${styles.active}` : styles.bullet}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  )
}
