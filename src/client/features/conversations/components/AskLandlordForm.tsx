// A message to a landlord in the app, about one of their listings: a box that starts with a
// suggested first line, and Send; then a link to the conversation. A visitor who is not signed in
// is sent to sign in and brought back, with what they wrote kept (message-draft.ts).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import {
  conversationPath,
  firstName,
  messageBodyProblem,
  messageLimits,
  suggestedFirstMessage,
} from '../../../../shared/conversation'
import { screens } from '../../../../shared/screens'
import { useAskLandlord } from '../api/ask-landlord'
import { newClientId } from '../api/client-id'
import { ApiError } from '../../../api/http'
import { useSession } from '../../account/api/session'
import styles from './AskLandlordForm.module.css'
import { forgetMessageDraft, keepMessageDraft, useMessageDraft } from './message-draft'
import type { SignInRedirectState } from '../../account/components/RequireAuth'
import { useHydrating } from '../../../hooks/use-hydrating'

interface AskLandlordFormProps {
  listingId: string
  /** undefined when it could not be read: 'the landlord' then */
  landlordName: string | undefined
  /** Puts the keyboard in the box as it appears (it was opened by a press). */
  focusOnOpen?: boolean
}

export function AskLandlordForm({ listingId, landlordName, focusOnOpen }: AskLandlordFormProps) {
  const { user } = useSession()
  const hydrating = useHydrating()
  const navigate = useNavigate()
  const location = useLocation()
  const ask = useAskLandlord(listingId)
  // What the visitor typed here, else what they typed before signing in, else the suggestion.
  const [typed, setTyped] = useState<string>()
  const draft = useMessageDraft(listingId)
  const body = typed ?? draft ?? suggestedFirstMessage
  const [problem, setProblem] = useState<{ text: string; aboutBody: boolean }>()
  const [sentTo, setSentTo] = useState<string>()
  // One id per text: a retry after a lost response is the same message, an edited text a new one.
  const clientId = useRef<string>(undefined)
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  const sentRef = useRef<HTMLParagraphElement>(null)
  const bodyId = useId()
  const problemId = useId()

  // Each request puts the keyboard at the end of the text: opened by a press, or emptied to write
  // another message.
  const [focusRequests, setFocusRequests] = useState(focusOnOpen ? 1 : 0)
  useEffect(() => {
    const box = bodyRef.current
    if (focusRequests === 0 || !box) return
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [focusRequests])

  function change(text: string) {
    setTyped(text)
    // What was wrong is about the text before this change.
    setProblem(undefined)
    clientId.current = undefined
    keepMessageDraft(listingId, text)
  }

  function send(event: FormEvent) {
    event.preventDefault()
    if (user === null) {
      keepMessageDraft(listingId, body)
      const state: SignInRedirectState = {
        from: location.pathname + location.search,
        reason: 'send-message',
      }
      void navigate(screens.signIn.path, { state })
      return
    }
    const bodyProblem = messageBodyProblem(body)
    if (bodyProblem) {
      setProblem({ text: bodyProblem, aboutBody: true })
      bodyRef.current?.focus()
      return
    }
    setProblem(undefined)
    clientId.current ??= newClientId()
    ask.mutate(
      { body, clientId: clientId.current },
      {
        onSuccess: (conversation) => {
          forgetMessageDraft(listingId)
          clientId.current = undefined
          setSentTo(conversation.id)
        },
        onError: (error) => setProblem(sendFailure(error)),
      },
    )
  }

  // Focus follows the box's change, so a keyboard or screen reader is not left on nothing.
  useEffect(() => {
    if (sentTo) sentRef.current?.focus()
  }, [sentTo])

  if (sentTo) {
    return (
      <div className={styles.sent}>
        <p ref={sentRef} tabIndex={-1} role="status" className={styles.sentText}>
          Message sent
        </p>
        <Link to={conversationPath(sentTo)} className={`primary-button ${styles.wide}`}>
          View conversation
        </Link>
        <button
          type="button"
          className={styles.another}
          onClick={() => {
            setSentTo(undefined)
            setTyped('')
            setFocusRequests((count) => count + 1)
          }}
        >
          Write another message
        </button>
      </div>
    )
  }

  return (
    <form className={styles.form} onSubmit={send} noValidate>
      <label htmlFor={bodyId} className={styles.label}>
        Your message to {landlordName ? firstName(landlordName) : 'the landlord'}
      </label>
      <textarea
        id={bodyId}
        ref={bodyRef}
        name="body"
        className={styles.textarea}
        value={body}
        rows={4}
        maxLength={messageLimits.bodyLength.max}
        aria-invalid={problem?.aboutBody ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => change(event.target.value)}
      />
      {problem && (
        <p id={problemId} role="alert" className={styles.problem}>
          {problem.text}
        </p>
      )}
      <noscript>
        <p className={styles.needsScripts}>This form needs JavaScript: turn it on to continue.</p>
      </noscript>
      <button
        type="submit"
        className={`primary-button ${styles.wide}`}
        // Until we know who is here, Send could not go the right way.
        disabled={hydrating || user === undefined || ask.isPending}
        aria-busy={ask.isPending}
      >
        {ask.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  )
}

/** What went wrong, in the server's words where it gave them; a lost connection keeps the text. */
function sendFailure(error: Error): { text: string; aboutBody: boolean } {
  if (!(error instanceof ApiError))
    return { text: 'Could not send the message, try again', aboutBody: false }
  if (error.status === 0) {
    return { text: 'Could not reach the server: your message is kept, try again', aboutBody: false }
  }
  if (error.status === 401) {
    return { text: 'Your session has ended: press Send to sign in again', aboutBody: false }
  }
  if (error.fields.body) return { text: error.fields.body, aboutBody: true }
  return { text: error.message, aboutBody: false }
}
