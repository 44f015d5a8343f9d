// The search's filters as a form: price range (once Rent or Buy is chosen), bedrooms, bathrooms,
// the listing facts (floor area, availability, home types), parking, furnished, offers only and pets. Nothing applies until the form is sent; the type, the text
// and the map area are kept as they are.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { filterParameters, type ListingFilter } from '../../../../shared/listing-requests'
import {
  areaErrors,
  factsDraftOf,
  factsFilterOf,
  type AreaErrors,
  type FactsDraft,
} from './facts-filter'
import { FactsFilterFields } from './FactsFilterFields'
import styles from './FilterForm.module.css'

interface FilterFormProps {
  /** The search applied now: the form starts from it, and again whenever it changes. */
  filter: ListingFilter
  onApply: (filter: ListingFilter) => void
  /** A bar across a desktop's page, or a column in the phone's sheet. */
  layout: 'bar' | 'sheet'
  /** What the apply button says for the filter the fields hold now; 'Apply filters' without it. */
  applyLabel?: (draft: ListingFilter) => ReactNode
}

/** What the fields hold: prices as typed, a room count or '' for any, and the facts. */
interface Draft extends FactsDraft {
  minPrice: string
  maxPrice: string
  minBedrooms: string
  minBathrooms: string
  // A link may say `parking=false`: a box left alone keeps it, ticking it asks for parking.
  parking?: boolean
  furnished?: boolean
  offer?: boolean
}

type PriceErrors = Partial<Record<'minPrice' | 'maxPrice', string>>

const roomChoices = [1, 2, 3, 4, 5]

const text = (value: number | undefined) => (value === undefined ? '' : String(value))

function draftOf(filter: ListingFilter): Draft {
  return {
    minPrice: text(filter.minPrice),
    maxPrice: text(filter.maxPrice),
    minBedrooms: text(filter.minBedrooms),
    minBathrooms: text(filter.minBathrooms),
    parking: filter.parking,
    furnished: filter.furnished,
    offer: filter.offer,
    ...factsDraftOf(filter),
  }
}

/** '1,500', '$1500' and ' 1500 ' are all 1500; anything else is not a whole number of dollars. */
const dollarsOf = (typed: string) => typed.replace(/[\s,$]/g, '')

function priceErrors(draft: Draft): PriceErrors {
  const errors: PriceErrors = {}
  const min = dollarsOf(draft.minPrice)
  const max = dollarsOf(draft.maxPrice)
  const whole = /^\d{1,10}$/
  if (min && !whole.test(min)) errors.minPrice = 'Enter whole dollars, like 1500'
  if (max && !whole.test(max)) errors.maxPrice = 'Enter whole dollars, like 1500'
  if (!errors.minPrice && !errors.maxPrice && min && max && Number(min) > Number(max)) {
    errors.minPrice = 'The min price is above the max price'
  }
  return errors
}

/** The draft as a filter, on top of what the form does not set (the text, the map area). */
function filterOf(draft: Draft, applied: ListingFilter): ListingFilter {
  const number = (value: string) => (value ? Number(dollarsOf(value)) : undefined)
  const filter: ListingFilter = {
    ...applied,
    minPrice: number(draft.minPrice),
    maxPrice: number(draft.maxPrice),
    minBedrooms: number(draft.minBedrooms),
    minBathrooms: number(draft.minBathrooms),
    parking: draft.parking,
    furnished: draft.furnished,
    offer: draft.offer,
    ...factsFilterOf(draft),
  }
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as ListingFilter
}

export function FilterForm({ filter, onApply, layout, applyLabel }: FilterFormProps) {
  const id = useId()
  const [draft, setDraft] = useState(() => draftOf(filter))
  const [errors, setErrors] = useState<PriceErrors & AreaErrors>({})
  // Back, a removed chip or a new text search changes the applied filter: the fields follow it.
  const applied = new URLSearchParams(filterParameters(filter)).toString()
  const [shownFilter, setShownFilter] = useState(applied)
  if (shownFilter !== applied) {
    setShownFilter(applied)
    setDraft(draftOf(filter))
    setErrors({})
  }
  const minPriceRef = useRef<HTMLInputElement>(null)
  const maxPriceRef = useRef<HTMLInputElement>(null)
  const areaRefs = {
    minArea: useRef<HTMLInputElement>(null),
    maxArea: useRef<HTMLInputElement>(null),
  }

  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = { ...priceErrors(draft), ...areaErrors(draft) }
    setErrors(found)
    if (found.minPrice) return minPriceRef.current?.focus()
    if (found.maxPrice) return maxPriceRef.current?.focus()
    if (found.minArea) return areaRefs.minArea.current?.focus()
    if (found.maxArea) return areaRefs.maxArea.current?.focus()
    onApply(filterOf(draft, filter))
  }

  const priceField = (name: 'minPrice' | 'maxPrice', label: string) => {
    const inputId = `${id}-${name}`
    const error = errors[name]
    return (
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <span className={styles.money}>
          <span aria-hidden="true">$</span>
          <input
            ref={name === 'minPrice' ? minPriceRef : maxPriceRef}
            id={inputId}
            name={name}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            placeholder={name === 'minPrice' ? 'No min' : 'No max'}
            value={draft[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => change({ [name]: event.target.value })}
          />
        </span>
        {error && (
          <p id={`${inputId}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    )
  }

  const roomField = (name: 'minBedrooms' | 'minBathrooms', label: string, noun: string) => {
    const selectId = `${id}-${name}`
    // A shared link may ask for more rooms than the choices offer: it is kept as a choice.
    const choices = roomChoices.includes(Number(draft[name]))
      ? roomChoices
      : [...roomChoices, Number(draft[name])].filter(Boolean)
    return (
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          {label}
        </label>
        <select
          id={selectId}
          name={name}
          className={styles.input}
          value={draft[name]}
          onChange={(event) => change({ [name]: event.target.value })}
        >
          <option value="">Any</option>
          {choices.map((count) => (
            <option key={count} value={String(count)}>
              {count}+ {noun}
            </option>
          ))}
        </select>
      </div>
    )
  }

  const checkbox = (name: 'parking' | 'furnished' | 'offer' | 'petsAllowed', label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={name}
        checked={draft[name] === true}
        onChange={(event) => change({ [name]: event.target.checked ? true : undefined })}
      />
      {label}
    </label>
  )

  // In the sheet the boxes scroll with the fields; in the bar they share the buttons' row.
  const checks = (
    <fieldset className={styles.checks}>
      <legend className="visually-hidden">Features</legend>
      {checkbox('parking', 'Parking')}
      {checkbox('furnished', 'Furnished')}
      {checkbox('offer', 'Offers only')}
      {checkbox('petsAllowed', 'Pets allowed')}
    </fieldset>
  )

  return (
    <form
      className={`${styles.form} ${styles[layout]}`}
      aria-label="Filters"
      noValidate
      onSubmit={submit}
    >
      <div className={styles.fields}>
        {filter.type ? (
          <fieldset className={styles.group}>
            <legend className="visually-hidden">Price</legend>
            {priceField('minPrice', 'Min price')}
            {priceField('maxPrice', 'Max price')}
          </fieldset>
        ) : (
          <p className={styles.priceNote}>Choose Rent or Buy to filter by price.</p>
        )}
        <div className={styles.group}>
          {roomField('minBedrooms', 'Bedrooms', 'beds')}
          {roomField('minBathrooms', 'Bathrooms', 'baths')}
        </div>
        <FactsFilterFields
          id={id}
          draft={draft}
          errors={errors}
          onChange={change}
          areaRefs={areaRefs}
        />
        {layout === 'sheet' && checks}
      </div>
      <div className={styles.actions}>
        {layout === 'bar' && checks}
        <button
          type="button"
          className={styles.clear}
          onClick={() => {
            setDraft(draftOf({}))
            setErrors({})
          }}
        >
          Clear
        </button>
        <button type="submit" className={`primary-button ${styles.apply}`}>
          {applyLabel ? applyLabel(filterOf(draft, filter)) : 'Apply filters'}
        </button>
      </div>
    </form>
  )
}
