// The dialog that reports a listing to the moderators: why (one of the reasons) and, optionally, in
// the reporter's own words. A sheet from the bottom on phones, a centred dialog on wider screens.
import { useId, useRef, useState, type FormEvent } from 'react'
import {
  reportLimits,
  reportReasonLabels,
  reportReasons,
  type ReportReason,
} from '../../../../shared/report'
import { ApiError } from '../../../api/http'
import { FormDialog } from '../../../components/FormDialog'
import form from '../../../components/FormDialog.module.css'
import { toast } from '../../../components/toasts'
import { useSettledValue } from '../../../hooks/use-settled-value'
import { useReportListing } from '../api/moderation'
import { reportFormErrors, reportInput, textCount, type ReportFormErrors } from './moderation-forms'
import styles from './DialogForm.module.css'

export const reportedMessage = 'Thanks: a moderator will look at this listing'

/** A pause in typing this long, and the count is said: not one announcement a key. */
const countDelayMs = 1000

interface ReportListingDialogProps {
  listingId: string
  onClose: () => void
  /** The report was taken, or the server already had one from this user. */
  onReported: () => void
}

export function ReportListingDialog({ listingId, onClose, onReported }: ReportListingDialogProps) {
  const [reason, setReason] = useState<ReportReason>()
  const [details, setDetails] = useState('')
  const [errors, setErrors] = useState<ReportFormErrors>({})
  const firstReason = useRef<HTMLInputElement>(null)
  const detailsRef = useRef<HTMLTextAreaElement>(null)
  const ids = { reasonError: useId(), details: useId(), detailsNotes: useId() }
  const report = useReportListing(listingId)
  const count = textCount(details, reportLimits.detailsMax)
  const settledCount = useSettledValue(count.text, count.text, countDelayMs)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found = reportFormErrors({ reason, details })
    setErrors(found)
    if (reason === undefined) {
      firstReason.current?.focus()
      return
    }
    if (found.details) {
      detailsRef.current?.focus()
      return
    }
    report.mutate(reportInput({ reason, details }), {
      onSuccess: () => {
        toast.success(reportedMessage)
        onReported()
      },
      onError: (error) => {
        // Reported already (or hidden meanwhile): nothing more to send, the server says why.
        if (error instanceof ApiError && error.status === 409) {
          toast.success(error.message)
          onReported()
          return
        }
        const message =
          error instanceof ApiError ? error.message : 'Could not send the report, try again'
        if (error instanceof ApiError) setErrors(error.fields)
        toast.error(message, { toastId: message })
      },
    })
  }

  return (
    <FormDialog
      title="Report this listing"
      onClose={onClose}
      initialFocus={firstReason}
      onSubmit={onSubmit}
      submitLabel="Send report"
      pendingLabel="Sending…"
      pending={report.isPending}
      bodyClassName={styles.body}
    >
      <p className={styles.intro}>Tell us what is wrong with it: a moderator reads every report.</p>
      <fieldset
        className={form.choices}
        aria-describedby={errors.reason ? ids.reasonError : undefined}
      >
        <legend className={form.label}>Why are you reporting it?</legend>
        {errors.reason && (
          <p id={ids.reasonError} className={form.error}>
            {errors.reason}
          </p>
        )}
        <div className={styles.reasonGrid}>
          {reportReasons.map((each, index) => (
            <label key={each} className={`${form.choice} ${styles.choice}`}>
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name="reason"
                value={each}
                checked={reason === each}
                aria-invalid={errors.reason ? true : undefined}
                onChange={() => {
                  setReason(each)
                  setErrors((current) => ({ ...current, reason: undefined }))
                }}
              />
              <span>{reportReasonLabels[each]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={form.field}>
        <label htmlFor={ids.details} className={form.label}>
          Details <span className={styles.optional}>(optional)</span>
        </label>
        {/* No maxLength: a text pasted too long is shown whole, its count over. */}
        <textarea
          id={ids.details}
          ref={detailsRef}
          className={`${form.input} ${styles.textarea}`}
          rows={4}
          value={details}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={ids.detailsNotes}
          onChange={(event) => {
            setDetails(event.target.value)
            // Said again on the next submit if it still holds.
            setErrors((current) => ({ ...current, details: undefined }))
          }}
        />
        <p id={ids.detailsNotes} className={styles.notes}>
          <span className={form.error}>{errors.details}</span>
          <span className={count.over ? styles.countOver : styles.count}>{count.text}</span>
        </p>
        <p role="status" className="visually-hidden">
          {`Details: ${settledCount} characters`}
        </p>
      </div>
    </FormDialog>
  )
}
