// The filter panel's fields for the listing facts: the floor area range in m², the date a home must
// be free by, and the home types (any of those ticked).
import type { RefObject } from 'react'
import { homeTypeLabels } from '../../../../shared/home-type-labels'
import { homeTypes, type HomeType } from '../../../../shared/listing'
import type { AreaErrors, FactsDraft } from './facts-filter'
import styles from './FilterForm.module.css'

interface FactsFilterFieldsProps {
  /** The form's own id, which the fields' ids start with. */
  id: string
  draft: FactsDraft
  errors: AreaErrors
  onChange: (part: Partial<FactsDraft>) => void
  /** Where the form puts the focus when a field is wrong. */
  areaRefs: Record<keyof AreaErrors, RefObject<HTMLInputElement | null>>
}

export function FactsFilterFields({
  id,
  draft,
  errors,
  onChange,
  areaRefs,
}: FactsFilterFieldsProps) {
  const areaField = (name: 'minArea' | 'maxArea', label: string) => {
    const inputId = `${id}-${name}`
    const error = errors[name]
    return (
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
          <span className="visually-hidden"> in square metres</span>
        </label>
        <span className={styles.unit}>
          <input
            ref={areaRefs[name]}
            id={inputId}
            name={name}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={name === 'minArea' ? 'No min' : 'No max'}
            value={draft[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => onChange({ [name]: event.target.value })}
          />
          <span aria-hidden="true">m²</span>
        </span>
        {error && (
          <p id={`${inputId}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    )
  }

  // Kept in homeTypes' order, as the address writes them.
  const toggleHomeType = (homeType: HomeType, ticked: boolean) =>
    onChange({
      homeType: homeTypes.filter((each) =>
        each === homeType ? ticked : draft.homeType.includes(each),
      ),
    })

  return (
    <>
      <fieldset className={styles.group}>
        <legend className="visually-hidden">Floor area</legend>
        {areaField('minArea', 'Min area')}
        {areaField('maxArea', 'Max area')}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-availableBy`} className={styles.label}>
          Available by
        </label>
        <input
          id={`${id}-availableBy`}
          name="availableBy"
          type="date"
          className={styles.input}
          value={draft.availableBy}
          onChange={(event) => onChange({ availableBy: event.target.value })}
        />
      </div>
      <fieldset className={styles.homeTypes}>
        <legend className={styles.label}>Home type</legend>
        <div className={styles.homeTypeChoices}>
          {homeTypes.map((homeType) => (
            <label key={homeType} className={styles.homeType}>
              <input
                type="checkbox"
                name="homeType"
                value={homeType}
                checked={draft.homeType.includes(homeType)}
                onChange={(event) => toggleHomeType(homeType, event.target.checked)}
              />
              {homeTypeLabels[homeType]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  )
}
