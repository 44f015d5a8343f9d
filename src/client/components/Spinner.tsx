import styles from './Spinner.module.css'

/** The loading spinner; announced to screen readers as "Loading…". */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      className={className ? `${styles.container} ${className}` : styles.container}
      role="status"
    >
      <div className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
