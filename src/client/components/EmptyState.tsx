// An empty list says so in the spec's words, then what to do next.
import type { ReactNode } from 'react'
import styles from './EmptyState.module.css'

interface EmptyStateProps {
  /** The spec's text for the empty list. */
  title: string
  hint: ReactNode
  /** Links to where the visitor can go from here. */
  children: ReactNode
}

export function EmptyState({ title, hint, children }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.title}>{title}</p>
      <p className={styles.hint}>{hint}</p>
      <div className={styles.actions}>{children}</div>
    </div>
  )
}
