// The toasts any module can raise (the spec's error messages), kept in one store that <ToastArea /> shows.

export type ToastKind = 'success' | 'error'

export interface Toast {
  id: string
  kind: ToastKind
  message: string
}

export interface ToastOptions {
  /** While a toast with this id is showing, another one with it is not added. */
  toastId?: string
}

let shown: readonly Toast[] = []
let counter = 0
const listeners = new Set<() => void>()

function update(next: readonly Toast[]) {
  shown = next
  for (const listener of listeners) listener()
}

function add(kind: ToastKind, message: string, { toastId }: ToastOptions = {}) {
  const id = toastId ?? `toast-${++counter}`
  if (shown.some((toast) => toast.id === id)) return
  update([...shown, { id, kind, message }])
}

export const toast = {
  success: (message: string, options?: ToastOptions) => add('success', message, options),
  error: (message: string, options?: ToastOptions) => add('error', message, options),
}

export function dismissToast(id: string) {
  update(shown.filter((toast) => toast.id !== id))
}

/** For useSyncExternalStore. */
export function subscribeToToasts(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const currentToasts = () => shown
