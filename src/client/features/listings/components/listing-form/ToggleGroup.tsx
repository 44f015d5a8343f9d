import styles from './ListingForm.module.css'

interface ToggleGroupProps<T extends string | boolean> {
  legend: string
  options: { label: string; value: T }[]
  value: T
  onChange: (value: T) => void
}

/** Two or more real toggle buttons (`aria-pressed`) under one legend, e.g. Sell / Rent, Yes / No. */
export function ToggleGroup<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
}: ToggleGroupProps<T>) {
  return (
    <fieldset className={styles.fieldset}>
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
    </fieldset>
  )
}

export const yesNo = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
]
