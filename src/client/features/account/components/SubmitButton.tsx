import { ChevronRight } from 'lucide-react'
import styles from './AuthForm.module.css'
import { Spinner } from '../../../components/Spinner'
import { useHydrating } from '../../../hooks/use-hydrating'

/**
 * The account forms' submit control: the text and a round arrow; a spinner while saving. The
 * forms send through scripts: in a server-rendered page it is off until the page is live, so that
 * a reader without scripts cannot send the form as a query (a password in the address).
 */
export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  const hydrating = useHydrating()
  return (
    <>
      <noscript>
        <p className={styles.needsScripts}>This form needs JavaScript: turn it on to continue.</p>
      </noscript>
      <button
        type="submit"
        className={styles.submitRow}
        disabled={pending || hydrating}
        aria-busy={pending}
      >
        <span className={styles.submitText}>{label}</span>
        <span className={styles.submitButton}>
          <ChevronRight size={32} aria-hidden="true" />
        </span>
      </button>
      {pending && <Spinner label="Saving…" />}
    </>
  )
}
