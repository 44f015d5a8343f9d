// The listing page's photos (the spec's slider): one photo per slide in a CSS scroll-snap strip,
// as in Carousel, with pagination bullets, previous and next arrows, a '1 / 3' counter and a
// button that opens the photos full screen. Each photo is shown whole in a fixed frame, a blurred
// copy of it filling the rest, so a portrait is neither cut nor left as a thin band.
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react'
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react'
import { imageSizes, imageSrcSet } from '../../../../shared/media'
import styles from './PhotoGallery.module.css'
import { SlideBullets } from '../../../components/SlideBullets'
import { useScrollSettle } from '../../../hooks/use-scroll-settle'

// Fetched when someone is about to open it: the page renders without it.
const loadFullScreenGallery = () => import('./FullScreenGallery')
const FullScreenGallery = lazy(loadFullScreenGallery)

interface PhotoGalleryProps {
  /** The listing's name, for the photos' alternative text. */
  name: string
  photos: string[]
  className?: string
}

export function PhotoGallery({ name, photos, className }: PhotoGalleryProps) {
  const stripRef = useRef<HTMLDivElement>(null)
  const [selected, setSelected] = useState(0)
  const [fullScreen, setFullScreen] = useState(false)
  const count = photos.length

  /**
   * Shows photo `index`; the arrows go round from the last photo to the first and back. The strip
   * jumps: two smooth scrolls in quick succession (a double click on an arrow) could end on the
   * first one's photo, as Chromium snaps back to it. A swipe still glides, as the browser does it.
   */
  function goTo(index: number) {
    const strip = stripRef.current
    if (!strip || count === 0) return
    const next = (index + count) % count
    strip.scrollTo({ left: next * strip.clientWidth, behavior: 'instant' })
    setSelected(next)
  }

  // After a swipe (or a smooth scroll) comes to rest, the photo in view is the selected one.
  const onScroll = useScrollSettle(setSelected)

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') goTo(selected + 1)
    else if (event.key === 'ArrowLeft') goTo(selected - 1)
    else return
    event.preventDefault()
  }

  if (count === 0) return null
  const several = count > 1
  return (
    <>
      <section
        className={`${styles.gallery} ${className ?? ''}`}
        aria-roledescription="carousel"
        aria-label="Photos"
        onKeyDown={onKeyDown}
      >
        {/* Nothing in the slides takes focus, so the strip does: a keyboard can reach and scroll it.
            A click on a photo opens it full screen; the 'View full screen' button does so for keys. */}
        <div
          className={styles.strip}
          ref={stripRef}
          tabIndex={0}
          onScroll={onScroll}
          onClick={() => setFullScreen(true)}
          onPointerEnter={() => void loadFullScreenGallery()}
        >
          {photos.map((url, index) => {
            const first = index === 0
            const image = {
              src: url,
              srcSet: imageSrcSet(url),
              // The first photo's srcset and sizes are those the server preloads (page-head.ts).
              sizes: imageSizes.photo,
              loading: first ? ('eager' as const) : ('lazy' as const),
            }
            return (
              <div
                key={url}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-hidden={index !== selected}
                inert={index !== selected}
              >
                {/* The same file as the photo, so it costs no second download. */}
                <img className={styles.backdrop} {...image} alt="" />
                <img
                  className={styles.photo}
                  {...image}
                  width={1200}
                  height={800}
                  alt={`${name}, photo ${index + 1}`}
                  fetchPriority={first ? 'high' : 'auto'}
                />
              </div>
            )
          })}
        </div>

        {several && (
          <>
            <button
              type="button"
              className={`${styles.control} ${styles.arrow} ${styles.previous}`}
              aria-label="Previous photo"
              onClick={() => goTo(selected - 1)}
            >
              <ChevronLeft size={26} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${styles.control} ${styles.arrow} ${styles.next}`}
              aria-label="Next photo"
              onClick={() => goTo(selected + 1)}
            >
              <ChevronRight size={26} aria-hidden="true" />
            </button>
            <p className={styles.counter} aria-live="polite" aria-atomic="true">
              <span aria-hidden="true">
                {selected + 1} / {count}
              </span>
              <span className="visually-hidden">
                Photo {selected + 1} of {count}
              </span>
            </p>
          </>
        )}

        <button
          type="button"
          className={`${styles.control} ${styles.expand}`}
          aria-label="View full screen"
          title="View full screen"
          onClick={() => setFullScreen(true)}
          onPointerEnter={() => void loadFullScreenGallery()}
          onFocus={() => void loadFullScreenGallery()}
        >
          <Expand size={20} aria-hidden="true" />
        </button>

        <SlideBullets
          count={count}
          selected={selected}
          onSelect={goTo}
          className={styles.bullets}
        />
      </section>

      {/* Beside the section, not in it: its keys and clicks are the viewer's own. */}
      {fullScreen && (
        <Suspense fallback={null}>
          <FullScreenGallery
            name={name}
            photos={photos}
            index={selected}
            onIndexChange={goTo}
            onClose={() => setFullScreen(false)}
          />
        </Suspense>
      )}
    </>
  )
}
