// A <dialog> shown as a modal while its component is mounted (the photo viewer, the filters sheet):
// the page behind is inert and does not scroll, Tab goes round the dialog's own controls, and
// focus goes back to whatever opened it.
import { useEffect, type KeyboardEvent, type RefObject } from 'react'

const focusable = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
].join(', ')

/** Opens the dialog as a modal on mount, closes it on unmount; `firstFocus` gets the focus. */
export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  firstFocus: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const dialog = dialogRef.current!
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    dialog.showModal()
    firstFocus.current?.focus()
    return () => {
      dialog.close()
      root.style.overflow = overflow
      opener?.focus({ preventScroll: true })
    }
  }, [dialogRef, firstFocus])
}

/**
 * For the dialog's Tab key: from its last control to its first, and with Shift from the first to
 * the last, rather than out to the browser's address bar. Other moves are the browser's own.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)]
  const first = controls[0]
  const last = controls.at(-1)
  const active = document.activeElement
  const leaving = event.shiftKey
    ? active === first || active === event.currentTarget
    : active === last
  if (!leaving || !first || !last) return
  event.preventDefault()
  ;(event.shiftKey ? last : first).focus()
}
