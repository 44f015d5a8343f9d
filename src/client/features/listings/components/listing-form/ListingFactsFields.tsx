// The facts a portal shows, after the spec's controls: a description with its count, the home type,
// the floor area in m² or sq ft, the date it is available from and, for a rental, pets.
import { useId } from 'react'
import {
  useController,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form'
import { homeTypeLabels } from '../../../../../shared/home-type-labels'
import { homeTypes, limits } from '../../../../../shared/listing'
import { useSettledValue } from '../../../../hooks/use-settled-value'
import { Field } from './Field'
import { FloorAreaField } from './FloorAreaField'
import type { ListingFormValues } from './listing-form-values'
import styles from './ListingForm.module.css'
import { ToggleGroup, yesNo } from './ToggleGroup'

interface ListingFactsFieldsProps {
  control: Control<ListingFormValues>
  register: UseFormRegister<ListingFormValues>
  setValue: UseFormSetValue<ListingFormValues>
  errors: FieldErrors<ListingFormValues>
}

const maxDescription = limits.descriptionLength.max

/** A pause in typing this long, and the count is said: not one announcement a key. */
const countDelayMs = 1000

/** An empty choice is no fact: null, not ''. */
const emptyIsNull = (value: string) => (value === '' ? null : value)

export function ListingFactsFields({
  control,
  register,
  setValue,
  errors,
}: ListingFactsFieldsProps) {
  const headingId = useId()
  const [type, description, petsAllowed] = useWatch({
    control,
    name: ['type', 'description', 'petsAllowed'],
  })
  // The count is of what the rule checks: the text without spaces at either end.
  const length = (description ?? '').trim().length
  const count = `${length.toLocaleString('en-US')} / ${maxDescription.toLocaleString('en-US')}`
  const settledCount = useSettledValue(count, count, countDelayMs)
  const { field: floorArea } = useController({ name: 'floorArea', control })

  return (
    <section className={styles.facts} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.factsHeading}>
        About the home
      </h2>
      <div className={styles.factsColumns}>
        {/* No maxLength: a text pasted too long is shown whole, its count over. */}
        <Field
          label="Description"
          error={errors.description?.message}
          hint={
            <span className={length > maxDescription ? styles.countOver : undefined}>{count}</span>
          }
        >
          {(input) => (
            <textarea
              {...input}
              className={`${styles.input} ${styles.description}`}
              rows={8}
              {...register('description')}
            />
          )}
        </Field>

        <div className={styles.factsList}>
          <Field label="Home type" error={errors.homeType?.message}>
            {(input) => (
              <select
                {...input}
                className={`${styles.input} ${styles.select}`}
                {...register('homeType', { setValueAs: emptyIsNull })}
              >
                <option value="">Not specified</option>
                {homeTypes.map((homeType) => (
                  <option key={homeType} value={homeType}>
                    {homeTypeLabels[homeType]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <FloorAreaField field={floorArea} error={errors.floorArea?.message} />

          <Field label="Available from" error={errors.availableFrom?.message}>
            {(input) => (
              <input
                {...input}
                type="date"
                className={`${styles.input} ${styles.date}`}
                {...register('availableFrom', { setValueAs: emptyIsNull })}
              />
            )}
          </Field>

          {type === 'rent' && (
            <ToggleGroup
              legend="Pets allowed"
              options={yesNo}
              value={petsAllowed ?? null}
              onChange={(value) => setValue('petsAllowed', value, { shouldValidate: true })}
              error={errors.petsAllowed?.message}
            />
          )}
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {`Description: ${settledCount} characters`}
      </p>
    </section>
  )
}
