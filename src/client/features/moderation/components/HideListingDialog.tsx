// The moderator's 'Hide': the reason is required, since the listing's owner reads it (on the
// listing's page and in the mail that tells them).
import { useId, useRef, useState, type FormEvent } from 'react'
import { reportLimits } from '../../../../shared/report'
import { ApiError } from '../../../api/http'
import { FormDialog } from '../../../components/FormDialog'
import form from '../../../components/FormDialog.module.css'
import { toast } from '../../../components/toasts'
import { useSettledValue } from '../../../hooks/use-settled-value'
import { useHideListing } from '../api/moderation'
import { hideReasonError, textCount } from './moderation-forms'
import styles from './DialogForm.module.css'

export const hiddenMessage = 'Listing hidden'

/** A pause in typing this long, and the count is said: not one announcement a key. */
const countDelayMs = 1000

interface HideListingDialogProps {
  listing: { id: string; name: string }
  onClose: () => void
  onHidden: () => void
}

export function HideListingDialog({ listing, onClose, onHidden }: HideListingDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const reasonRef = useRef<HTMLTextAreaElement>(null)
  const ids = { reason: useId(), notes: useId() }
  const hide = useHideListing()
  const count = textCount(reason, reportLimits.reasonMax)
  const settledCount = useSettledValue(count.text, count.text, countDelayMs)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const problem = hideReasonError(reason)
    setError(problem)
    if (problem) {
      reasonRef.current?.focus()
      return
    }
    hide.mutate(
      { listingId: listing.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(hiddenMessage)
          onHidden()
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? failure.message : 'Could not hide the listing, try again'
          if (failure instanceof ApiError && failure.fields.reason) {
            setError(failure.fields.reason)
          }
          toast.error(message, { toastId: message })
        },
      },
    )
  }

  return (
    <FormDialog
      title="Hide this listing"
      onClose={onClose}
      initialFocus={reasonRef}
      onSubmit={onSubmit}
      submitLabel="Hide listing"
      pendingLabel="Hiding…"
      pending={hide.isPending}
      danger
      bodyClassName={styles.body}
    >
      <p className={styles.intro}>
        <strong className={styles.subject}>{listing.name}</strong> leaves every list and search. Its
        owner still sees it, with your reason, and is told by e-mail.
      </p>
      <div className={form.field}>
        <label htmlFor={ids.reason} className={form.label}>
          Reason the owner reads
        </label>
        <textarea
          id={ids.reason}
          ref={reasonRef}
          className={`${form.input} ${styles.textarea}`}
          rows={4}
          required
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.notes}
          onChange={(event) => {
            setReason(event.target.value)
            // Said again on the next submit if it still holds.
            setError(undefined)
          }}
        />
        <p id={ids.notes} className={styles.notes}>
          <span className={form.error}>{error}</span>
          <span className={count.over ? styles.countOver : styles.count}>{count.text}</span>
        </p>
        <p role="status" className="visually-hidden">
          {`Reason: ${settledCount} characters`}
        </p>
      </div>
    </FormDialog>
  )
}
