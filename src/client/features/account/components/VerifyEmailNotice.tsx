// Profile's word on the e-mail address: 'Verify your e-mail' with a way to get the link again until
// it is verified, and a confirmation when the link from the mail lands here.
import { CircleCheck, Mail } from 'lucide-react'
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { emailVerifiedParam } from '../../../../shared/email-verification'
import { type SessionUser, useSendVerificationEmail } from '../api/session'
import { isRateLimited, tooManyAttempts } from './account-failures'
import styles from './VerifyEmailNotice.module.css'

export function VerifyEmailNotice({ user }: { user: SessionUser }) {
  const [searchParams] = useSearchParams()
  const landed = searchParams.has(emailVerifiedParam)
  const linkFailed = landed && searchParams.has('error')
  const headingId = useId()
  const sendAgain = useSendVerificationEmail()
  const [message, setMessage] = useState('')

  if (user.emailVerified) {
    if (!landed) return null
    return (
      <p role="status" className={`${styles.notice} ${styles.verified}`}>
        <CircleCheck size={24} aria-hidden="true" className={styles.icon} />
        <span>Your e-mail address is verified.</span>
      </p>
    )
  }

  function send() {
    setMessage('')
    sendAgain.mutate(user.email, {
      onSuccess: () => setMessage(`Sent: the new link is on its way to ${user.email}.`),
      onError: (error) =>
        setMessage(
          isRateLimited(error) ? tooManyAttempts(error) : 'Could not send the mail, try again',
        ),
    })
  }

  return (
    <section aria-labelledby={headingId} className={styles.notice}>
      <Mail size={24} aria-hidden="true" className={styles.icon} />
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          Verify your e-mail
        </h2>
        <p className={styles.text}>
          {linkFailed ? (
            <>
              That link has expired or is no longer valid: ask for a new one for{' '}
              <strong className={styles.email}>{user.email}</strong>.
            </>
          ) : (
            <>
              We sent a link to <strong className={styles.email}>{user.email}</strong>: open it to
              verify your address.
            </>
          )}{' '}
          Until then, we send it no mail about homes.
        </p>
        <button
          type="button"
          className="secondary-button"
          onClick={send}
          disabled={sendAgain.isPending}
        >
          {sendAgain.isPending ? 'Sending…' : 'Send the link again'}
        </button>
        {/* Always in the page, so that a screen reader announces what the button did. */}
        <p role="status" className={styles.message}>
          {message}
        </p>
      </div>
    </section>
  )
}
