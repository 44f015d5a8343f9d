// A message a visitor is writing to a landlord, kept for the browser tab's life under its
// listing's id: it survives going to sign in and back, and a reload.
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * The kept draft, read once the page is live: a page the server rendered, and its hydration, have
 * none (there is no storage on the server).
 */
export function useMessageDraft(listingId: string): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => readMessageDraft(listingId),
    () => undefined,
  )
}
const draftKey = (listingId: string) => `house-marketplace:message-draft:${listingId}`

export function readMessageDraft(listingId: string): string | undefined {
  try {
    return sessionStorage.getItem(draftKey(listingId)) ?? undefined
  } catch {
    // Storage failed (a private window's quota): the box starts afresh.
    return undefined
  }
}

export function keepMessageDraft(listingId: string, body: string) {
  try {
    sessionStorage.setItem(draftKey(listingId), body)
  } catch {
    // As above: the draft is then only on the screen.
  }
}

export function forgetMessageDraft(listingId: string) {
  try {
    sessionStorage.removeItem(draftKey(listingId))
  } catch {
    // Nothing was kept.
  }
}
