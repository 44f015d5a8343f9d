// A SheetDialog that holds a form: its fields scroll between the title and a row of Cancel and the
// submit button, which stays in reach of a thumb. Its fields take their classes from
// FormDialog.module.css, so every form dialog looks alike.
import type { FormEvent, ReactNode, RefObject } from 'react'
import { SheetDialog } from './SheetDialog'
import styles from './FormDialog.module.css'

interface FormDialogProps {
  title: string
  onClose: () => void
  /** What gets the focus as it opens: the first field, as a rule. */
  initialFocus?: RefObject<HTMLElement | null>
  onSubmit: (event: FormEvent) => void
  /** The submit button's words, and its words while the request is on its way. */
  submitLabel: string
  pendingLabel: string
  pending: boolean
  /** A step that is hard to undo: the submit button is red. */
  danger?: boolean
  /** The fields' padding. */
  bodyClassName?: string
  children: ReactNode
}

export function FormDialog({
  title,
  onClose,
  initialFocus,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  danger = false,
  bodyClassName,
  children,
}: FormDialogProps) {
  return (
    <SheetDialog
      title={title}
      onClose={onClose}
      initialFocus={initialFocus}
      className={styles.dialog}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}>
          {children}
        </div>

        <div className={styles.actions}>
          <button type="button" className="secondary-button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`primary-button ${styles.submit}${danger ? ` ${styles.danger}` : ''}`}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </SheetDialog>
  )
}
