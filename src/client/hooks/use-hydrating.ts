import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * True while the server renders a page and while the browser hydrates what it rendered; false once the
 * component is the browser's own (then it renders again at once). React hydrates a screen's parts
 * one after another, so what a part shows must not change with responses that came in between.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
}
