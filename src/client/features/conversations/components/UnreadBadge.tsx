// The count of unread conversations beside 'Messages' (the header, Profile). The link says it in
// words for screen readers ('Messages, 2 unread'); the badge itself is for the eyes.
import styles from './UnreadBadge.module.css'

/** The accessible name of a link to the inbox. */
export function messagesLinkLabel(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages'
}

export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  // A <b>, not a <span>: the rows it sits in style their spans as the link's label.
  return (
    <b className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </b>
  )
}
