// A few buttons shown as one pill, the chosen one dark: Rent / Buy / Any, List / Map. Each is a
// toggle button (aria-pressed) in a named group, so a screen reader says which one is on.
import styles from './SegmentedControl.module.css'

interface SegmentedControlProps<T> {
  /** The group's accessible name. */
  label: string
  /** Each option's value and its text. */
  options: readonly (readonly [T, string])[]
  value: T
  onChange: (value: T) => void
  /** `large` for a choice that leads the page, as Rent or Buy does on /search. */
  size?: 'regular' | 'large'
  className?: string
}

export function SegmentedControl<T>({
  label,
  options,
  value,
  onChange,
  size = 'regular',
  className,
}: SegmentedControlProps<T>) {
  const classes = [styles.group, size === 'large' && styles.large, className].filter(Boolean)
  return (
    <div className={classes.join(' ')} role="group" aria-label={label}>
      {options.map(([option, text]) => (
        <button
          key={text}
          type="button"
          className={styles.option}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  )
}
