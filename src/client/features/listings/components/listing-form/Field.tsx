import { useId, type ReactNode } from 'react'
import styles from './ListingForm.module.css'

/** What ties an input to its label, its error message and its hint. */
export interface FieldInputProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldProps {
  label: string
  error?: string
  /** Shown under the input beside any error, e.g. how many characters are used. */
  hint?: ReactNode
  children: (input: FieldInputProps) => ReactNode
}

/** A labelled form field with its error message and hint under it. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error && errorId, hint !== undefined && hintId].filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {(error || hint !== undefined) && (
        <div className={styles.fieldNotes}>
          {error && (
            <p className={styles.error} id={errorId}>
              {error}
            </p>
          )}
          {hint !== undefined && (
            <p className={styles.hint} id={hintId}>
              {hint}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
