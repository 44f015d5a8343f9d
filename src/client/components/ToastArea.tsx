// The toast area of every screen (the spec's screens): each toast is an alert that closes itself after
// `autoCloseMs`, waits while the pointer or focus is on it or the window is in the background,
// and has a close button. The area moves out of the way of the control that raised a toast and of
// a form's submit button.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { currentToasts, dismissToast, subscribeToToasts, type Toast } from './toasts'
import styles from './ToastArea.module.css'
import { useToastPlacement } from '../hooks/use-toast-placement'

// A page rendered on the server has no toasts yet.
const noToasts: Toast[] = []
const serverToasts = () => noToasts

export function ToastArea({ autoCloseMs }: { autoCloseMs: number }) {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts, serverToasts)
  const windowActive = useWindowActive()
  const area = useRef<HTMLElement>(null)
  useToastPlacement(area, toasts.length)
  return (
    <section
      ref={area}
      className={styles.container}
      aria-label="Notifications"
      data-paused={windowActive ? undefined : ''}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} autoCloseMs={autoCloseMs} />
      ))}
    </section>
  )
}

function ToastItem({ toast, autoCloseMs }: { toast: Toast; autoCloseMs: number }) {
  // Closing plays a short animation; the toast leaves the store when it ends.
  const [closing, setClosing] = useState(false)
  const kind = toast.kind === 'error' ? styles.error : styles.success
  return (
    <div
      className={`${styles.toast} ${kind} ${closing ? styles.closing : ''}`}
      onAnimationEnd={(event) => {
        if (closing && event.target === event.currentTarget) dismissToast(toast.id)
      }}
    >
      <ToastIcon kind={toast.kind} />
      <div role="alert" className={styles.message}>
        {toast.message}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Close notification"
        onClick={() => setClosing(true)}
      >
        <svg viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 2l10 10M12 2 2 12" />
        </svg>
      </button>
      <div
        className={styles.countdown}
        data-testid="toast-countdown"
        style={{ animationDuration: `${autoCloseMs}ms` }}
        onAnimationEnd={() => setClosing(true)}
      />
    </div>
  )
}

function ToastIcon({ kind }: { kind: Toast['kind'] }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      {kind === 'error' ? (
        <>
          <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="17.4" r="1.5" fill="#fff" />
        </>
      ) : (
        <path
          d="m7 12.5 3.2 3.2L17 9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  )
}

/** False while the window is in the background: a toast should not run out unseen. */
function useWindowActive() {
  const [active, setActive] = useState(true)
  useEffect(() => {
    const onBlur = () => setActive(false)
    const onFocus = () => setActive(true)
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    return () => {
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    }
  }, [])
  return active
}
