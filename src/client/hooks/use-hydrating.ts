import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * True while the server draws a page and while the browser hydrates what it drew; false once the
 * component is the browser's own (then it draws again at once). React hydrates a screen's parts
 * one after another, so what a part shows must not change with answers that came in between.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
}
