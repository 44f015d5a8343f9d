// The box to write a reply. With a keyboard and a fine pointer (a desktop), Enter sends and
// Shift+Enter starts a new line; on a phone Enter is a new line and the Send button sends.
import { SendHorizontal } from 'lucide-react'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { messageBodyProblem } from '../../../../shared/conversation'
import { useMediaQuery } from '../../../hooks/use-media-query'
import { readDraft, saveDraft } from './reply-draft'
import styles from './ReplyBox.module.css'

/** A mouse or trackpad: the device has a keyboard whose Enter can send. */
export const enterSendsQuery = '(pointer: fine)'

interface ReplyBoxProps {
  /** Whose draft the box keeps. */
  conversationId: string
  /** The other person's name: 'Reply to Ana'. */
  to: string
  /** Takes the text to send; the box is emptied for the next one. */
  onSend: (body: string) => void
}

export function ReplyBox({ conversationId, to, onSend }: ReplyBoxProps) {
  const [text, setText] = useState(() => readDraft(conversationId))
  const [problem, setProblem] = useState<string>()
  const enterSends = useMediaQuery(enterSendsQuery)
  const fieldId = useId()
  const hintId = useId()
  const problemId = useId()

  function send() {
    const textProblem = messageBodyProblem(text)
    if (textProblem) {
      setProblem(textProblem)
      return
    }
    setProblem(undefined)
    onSend(text.trim())
    setText('')
    saveDraft(conversationId, '')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    send()
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An Enter that ends an input method's composition (Japanese, Chinese…) only picks the word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    if (!enterSends) return
    event.preventDefault()
    send()
  }

  const describedBy = [problem ? problemId : '', enterSends ? hintId : ''].join(' ').trim()
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={fieldId} className="visually-hidden">
        Reply to {to}
      </label>
      <div className={styles.row}>
        <textarea
          id={fieldId}
          className={styles.field}
          value={text}
          rows={1}
          placeholder="Write a message…"
          maxLength={2000}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          enterKeyHint={enterSends ? 'send' : 'enter'}
          onChange={(event) => {
            setText(event.target.value)
            saveDraft(conversationId, event.target.value)
            if (problem) setProblem(undefined)
          }}
          onKeyDown={keyDown}
        />
        <button type="submit" className={styles.send}>
          <SendHorizontal size={20} aria-hidden="true" />
          Send
        </button>
      </div>
      {problem && (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {enterSends && (
        <p id={hintId} className={styles.hint}>
          Enter to send, Shift+Enter for a new line
        </p>
      )}
    </form>
  )
}
