import styles from './Spinner.module.css'

/** The loading spinner; announced to screen readers as "Loading…". */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.container} role="status">
      <div className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
