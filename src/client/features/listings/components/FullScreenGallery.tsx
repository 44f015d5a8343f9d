// The listing's photos full screen: a modal dialog with the photo large, arrows, a counter and a
// close button. Escape closes it; the arrow keys move; Tab stays inside; the page behind does not
// scroll; focus goes back to whatever opened it.
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react'
import { imageVariantUrl } from '../../../../shared/media'
import styles from './FullScreenGallery.module.css'
import { keepFocusInside, useModalDialog } from '../../../hooks/use-modal-dialog'

interface FullScreenGalleryProps {
  name: string
  photos: string[]
  index: number
  /** Asks for another photo; wraps round at either end. */
  onIndexChange: (index: number) => void
  onClose: () => void
}

/** How far a finger moves sideways before it counts as a swipe to the next photo. */
const swipePx = 40

const large = (url: string) => imageVariantUrl(url, 1200)

export default function FullScreenGallery({
  name,
  photos,
  index,
  onIndexChange,
  onClose,
}: FullScreenGalleryProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const count = photos.length
  const several = count > 1

  useModalDialog(dialogRef, closeRef)

  // The next photo is fetched while this one is looked at, so moving on shows it at once.
  useEffect(() => {
    if (!several) return
    const next = new Image()
    next.src = large(photos[(index + 1) % count]!)
  }, [photos, index, count, several])

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') return keepFocusInside(event)
    if (event.key === 'ArrowRight' && several) onIndexChange(index + 1)
    else if (event.key === 'ArrowLeft' && several) onIndexChange(index - 1)
    else return
    event.preventDefault()
  }

  // Escape makes the dialog cancel: the page closes it, so that it is unmounted and focus returns.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault()
    onClose()
  }

  const swipeStart = useRef<number | null>(null)
  function onPointerDown(event: PointerEvent) {
    swipeStart.current = event.pointerType === 'touch' ? event.clientX : null
  }
  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null || !several) return
    const moved = event.clientX - swipeStart.current
    swipeStart.current = null
    if (Math.abs(moved) >= swipePx) onIndexChange(moved < 0 ? index + 1 : index - 1)
  }

  const url = photos[index]!
  return (
    <dialog
      ref={dialogRef}
      className={styles.viewer}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <div className={styles.bar}>
        <h2 id={titleId} className={styles.title}>
          {name}
        </h2>
        <p className={styles.counter} aria-live="polite" aria-atomic="true">
          <span aria-hidden="true">
            {index + 1} / {count}
          </span>
          <span className="visually-hidden">
            Photo {index + 1} of {count}
          </span>
        </p>
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          aria-label="Close full screen"
          onClick={onClose}
        >
          <X size={26} aria-hidden="true" />
        </button>
      </div>

      <div className={styles.stage} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <img
          key={url}
          className={styles.photo}
          src={large(url)}
          alt={`${name}, photo ${index + 1}`}
          decoding="async"
        />
      </div>

      {several && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.previous}`}
            aria-label="Previous photo"
            onClick={() => onIndexChange(index - 1)}
          >
            <ChevronLeft size={32} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next photo"
            onClick={() => onIndexChange(index + 1)}
          >
            <ChevronRight size={32} aria-hidden="true" />
          </button>
        </>
      )}
    </dialog>
  )
}
