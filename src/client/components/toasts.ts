// The toasts any module can raise (the spec's error messages), kept in one store that <ToastArea /> shows.

export type ToastKind = 'success' | 'error'

export interface Toast {
  id: string
  kind: ToastKind
  message: string
  group?: string
}

export interface ToastOptions {
  /** While a toast with this id is showing, another one with it is not added. */
  toastId?: string
  /** Toasts about one thing (a form's submit), dismissed together once they no longer hold. */
  group?: string
}

let shown: readonly Toast[] = []
let counter = 0
const listeners = new Set<() => void>()

function update(next: readonly Toast[]) {
  shown = next
  for (const listener of listeners) listener()
}

function add(kind: ToastKind, message: string, { toastId, group }: ToastOptions = {}) {
  const id = toastId ?? `toast-${++counter}`
  if (shown.some((toast) => toast.id === id)) return
  update([...shown, { id, kind, message, ...(group && { group }) }])
}

export const toast = {
  success: (message: string, options?: ToastOptions) => add('success', message, options),
  error: (message: string, options?: ToastOptions) => add('error', message, options),
}

export function dismissToast(id: string) {
  update(shown.filter((toast) => toast.id !== id))
}

/** Takes away every toast of the group, e.g. a form's errors once it has been saved. */
export function dismissToastGroup(group: string) {
  if (shown.some((toast) => toast.group === group)) {
    update(shown.filter((toast) => toast.group !== group))
  }
}

/** For useSyncExternalStore. */
export function subscribeToToasts(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export const currentToasts = () => shown
