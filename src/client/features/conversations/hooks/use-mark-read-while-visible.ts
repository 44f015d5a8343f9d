import { useEffect, useRef } from 'react'
import type { Conversation } from '../../../../shared/conversation'
import { useDocumentVisible } from '../../../hooks/use-document-visible'
import { useMarkRead } from '../api/conversations'

/**
 * Marks the conversation read when it opens, and again whenever messages the user has not read
 * arrive while the tab is on screen (a hidden tab reads them once it shows again).
 */
export function useMarkReadWhileVisible(conversation: Conversation, userId: string) {
  const visible = useDocumentVisible()
  const { mutate, isPending } = useMarkRead(userId, conversation.id)
  const markedOnOpen = useRef(false)
  const { unread } = conversation
  useEffect(() => {
    if (!visible || isPending) return
    if (markedOnOpen.current && unread === 0) return
    markedOnOpen.current = true
    mutate()
  }, [visible, isPending, unread, mutate])
}
