import { ChevronRight } from 'lucide-react'
import styles from './AuthForm.module.css'
import { Spinner } from './Spinner'

/** The account forms' submit control: the text and a round arrow; a spinner while saving. */
export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <>
      <button type="submit" className={styles.submitRow} disabled={pending} aria-busy={pending}>
        <span className={styles.submitText}>{label}</span>
        <span className={styles.submitButton}>
          <ChevronRight size={32} aria-hidden="true" />
        </span>
      </button>
      {pending && <Spinner label="Saving…" />}
    </>
  )
}
