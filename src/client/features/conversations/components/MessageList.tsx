// A conversation's messages as bubbles, the user's on the right and the other person's on the left,
// in a box of their own that scrolls. It opens at the newest message, follows new ones while the
// reader is at the bottom, and loads older ones when the reader scrolls up to the top, keeping
// the messages they were reading where they were.
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { Message } from '../../../../shared/conversation'
import { useNow } from '../../../hooks/use-now'
import { formatMessageTime } from './message-time'
import { MessageText } from './MessageText'
import styles from './MessageList.module.css'

/** A reply on its way, or one that could not be sent (with why): it shows until it is stored. */
export interface PendingReply {
  clientId: string
  body: string
  failure?: string
}

interface MessageListProps {
  messages: Message[]
  userId: string
  pending: PendingReply[]
  onRetry: (reply: PendingReply) => void
  /** Whether there are older messages, how to load them, and how that goes. */
  older: { more: boolean; load: () => void; loading: boolean; failed: boolean }
}

/** Within this of the bottom, the reader is following the conversation: new messages scroll in. */
const followDistancePx = 80

export function MessageList({ messages, userId, pending, onRetry, older }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null)
  const loadOlderButton = useRef<HTMLButtonElement>(null)
  const following = useRef(true)
  const shown = useRef<{ first?: string; last?: string; pending: number; height: number }>({
    pending: 0,
    height: 0,
  })
  const now = useNow(60_000)

  const first = messages[0]?.id
  const last = messages.at(-1)?.id
  const lastIsMine = messages.at(-1)?.from.id === userId
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const before = shown.current
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // Older messages came in above: what the reader was looking at stays put.
      element.scrollTop += element.scrollHeight - before.height
    } else if (
      following.current ||
      lastIsMine ||
      pending.length > before.pending ||
      before.last === undefined
    ) {
      // Opened, a message of the user's, or a new one while they follow: the newest is in view.
      element.scrollTop = element.scrollHeight
    }
    shown.current = { first, last, pending: pending.length, height: element.scrollHeight }
  }, [first, last, lastIsMine, pending.length])

  // Scrolled up to the top: the older messages load, as if the button there were pressed.
  const { more, load, loading } = older
  useEffect(() => {
    const button = loadOlderButton.current
    if (!more || loading || !button) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) load()
      },
      { root: box.current },
    )
    observer.observe(button)
    return () => observer.disconnect()
  }, [more, load, loading])

  function scrolled() {
    const element = box.current
    if (!element) return
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight
    following.current = fromBottom < followDistancePx
  }

  return (
    // A region of its own that the keyboard can scroll.
    <div
      ref={box}
      className={styles.box}
      onScroll={scrolled}
      tabIndex={0}
      role="region"
      aria-label="Messages"
    >
      {more && (
        <div className={styles.older}>
          <button
            ref={loadOlderButton}
            type="button"
            className="secondary-button"
            onClick={load}
            disabled={loading}
          >
            {loading ? 'Loading older messages…' : 'Load older messages'}
          </button>
          {older.failed && !loading && (
            <p className={styles.olderFailed}>The older messages could not be loaded.</p>
          )}
        </div>
      )}
      <ol className={styles.list}>
        {messages.map((message) => {
          const mine = message.from.id === userId
          return (
            <li key={message.id} className={mine ? styles.mine : styles.theirs}>
              <p className={styles.bubble}>
                <span className="visually-hidden">{mine ? 'You' : message.from.name}: </span>
                <MessageText body={message.body} />
              </p>
              <time className={styles.time} dateTime={message.at}>
                {formatMessageTime(new Date(message.at), now)}
              </time>
            </li>
          )
        })}
        {pending.map((reply) => (
          <li key={reply.clientId} className={`${styles.mine} ${styles.pending}`}>
            <p className={styles.bubble}>
              <span className="visually-hidden">You: </span>
              <MessageText body={reply.body} />
            </p>
            {reply.failure === undefined ? (
              <span className={styles.time}>Sending…</span>
            ) : (
              <span className={styles.failed} role="alert">
                {reply.failure}
                <button type="button" className={styles.retry} onClick={() => onRetry(reply)}>
                  Retry
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}
