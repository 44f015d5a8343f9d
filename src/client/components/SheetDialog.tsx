// A modal <dialog> with a title and a close button: a sheet that rises from the bottom on phones.
// Escape, the close button and a tap on the dimmed page around it all close it; the owner
// unmounts it then, so focus goes back to whatever opened it (use-modal-dialog.ts).
import { X } from 'lucide-react'
import { useId, useRef, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import { keepFocusInside, useModalDialog } from '../hooks/use-modal-dialog'
import styles from './SheetDialog.module.css'

interface SheetDialogProps {
  title: string
  /** The close button's name, 'Close' unless the dialog needs a plainer one. */
  closeLabel?: string
  onClose: () => void
  /** What gets the focus as it opens; the close button without it. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Its size and place on wider screens. */
  className?: string
  children: ReactNode
}

export function SheetDialog({
  title,
  closeLabel = 'Close',
  onClose,
  initialFocus,
  className,
  children,
}: SheetDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  useModalDialog(dialogRef, initialFocus ?? closeRef)

  // Escape makes the dialog cancel: it is unmounted instead, so that focus goes back.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault()
    onClose()
  }

  return (
    <dialog
      ref={dialogRef}
      className={className ? `${styles.dialog} ${className}` : styles.dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event)
      }}
      // A tap on the dimmed page around it closes it, as on other sheets.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          aria-label={closeLabel}
          onClick={onClose}
        >
          <X size={24} aria-hidden="true" />
        </button>
      </div>
      {children}
    </dialog>
  )
}
