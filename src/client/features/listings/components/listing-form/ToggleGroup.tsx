import { useId } from 'react'
import styles from './ListingForm.module.css'

interface ToggleGroupProps<T extends string | boolean> {
  legend: string
  options: { label: string; value: T }[]
  /** null: none chosen yet (an optional fact). */
  value: T | null
  onChange: (value: T) => void
  /** What the server said of this field. */
  error?: string
}

/** Two or more real toggle buttons (`aria-pressed`) under one legend, e.g. Sell / Rent, Yes / No. */
export function ToggleGroup<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
  error,
}: ToggleGroupProps<T>) {
  const errorId = useId()
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.toggles}>
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            className={option.value === value ? `${styles.toggle} ${styles.active}` : styles.toggle}
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {error && (
        <p className={`${styles.error} ${styles.groupError}`} id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  )
}

export const yesNo = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
]
