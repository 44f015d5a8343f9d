// A reply being written is kept in this tab: a reload, or a sign-in after the session ended,
// brings it back to the box. sessionStorage, so it leaves with the tab.

const draftKey = (conversationId: string) => `house-marketplace:reply-draft:${conversationId}`

export function readDraft(conversationId: string): string {
  try {
    return sessionStorage.getItem(draftKey(conversationId)) ?? ''
  } catch {
    return ''
  }
}

export function saveDraft(conversationId: string, text: string) {
  try {
    if (text) sessionStorage.setItem(draftKey(conversationId), text)
    else sessionStorage.removeItem(draftKey(conversationId))
  } catch {
    // Storage failed (a private window's quota): the text stays on screen, only not kept.
  }
}
