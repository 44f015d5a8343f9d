// The owner's form to add a viewing time: a date and a start time on the listing's own clocks, a
// length, and a private viewing or an open house. It sends the full list (the server keeps booked
// slots) and shows an error response beside the fields in the server's words, keeping what was typed.
import { useId, useState, type FormEvent } from 'react'
import type { ViewingSlot, ViewingSlotInput } from '../../../../shared/viewing'
import { viewingLimits } from '../../../../shared/viewing'
import {
  formatViewingTime,
  timeZoneLabel,
  zonedTimeToUtc,
  zonedWallClock,
} from '../../../../shared/viewing-time'
import { ApiError } from '../../../api/http'
import { useReplaceSlots } from '../api/viewings'
import { SegmentedControl } from '../../../components/SegmentedControl'
import { useNow } from '../../../hooks/use-now'
import { slotInput, slotsAhead } from './slot-input'
import { viewingFailure } from './viewing-failure'
import styles from './ViewingTimes.module.css'

const lengths = [15, 30, 45, 60, 90, 120, 180, 240] as const
const dayMs = 24 * 60 * 60 * 1000

type Kind = 'private' | 'open'
const kinds = [
  ['private', 'Private viewing'],
  ['open', 'Open house'],
] as const

/** Which field an error response is about: the start (date and time), the length or the places. */
type Field = 'start' | 'minutes' | 'capacity'

interface Problem {
  text: string
  field?: Field
}

interface AddViewingSlotFormProps {
  listingId: string
  slots: ViewingSlot[]
  timeZone: string
  onStatus: (text: string, shown?: boolean) => void
}

export function AddViewingSlotForm({
  listingId,
  slots,
  timeZone,
  onStatus,
}: AddViewingSlotFormProps) {
  const replace = useReplaceSlots(listingId)
  const [date, setDate] = useState('')
  const [time, setTime] = useState('10:00')
  const [minutes, setMinutes] = useState(30)
  const [kind, setKind] = useState<Kind>('private')
  const [places, setPlaces] = useState('10')
  const [problem, setProblem] = useState<Problem>()
  const id = useId()
  const zone = timeZoneLabel(timeZone)
  // The date picker offers the days the server takes, as the listing's calendar has them.
  const now = useNow(60_000).getTime()
  const firstDay = zonedWallClock(now, timeZone).date
  const lastDay = zonedWallClock(now + viewingLimits.maxDaysAhead * dayMs, timeZone).date

  function edit<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value)
      setProblem(undefined)
    }
  }

  function add(event: FormEvent) {
    event.preventDefault()
    if (!date || !time) {
      setProblem({ text: 'Choose a date and a start time', field: 'start' })
      return
    }
    const start = zonedTimeToUtc(date, time, timeZone)
    const slot: ViewingSlotInput = {
      start: new Date(start).toISOString(),
      minutes,
      // An empty box is sent as null: the server names what is missing.
      capacity: kind === 'private' ? 1 : places === '' ? Number.NaN : Number(places),
    }
    const kept = slotsAhead(slots).map(slotInput)
    setProblem(undefined)
    replace.mutate([...kept, slot], {
      onSuccess: () => {
        onStatus(`Viewing time added: ${formatViewingTime(start, minutes, timeZone)}`)
        // Ready for the next time straight after this one, the usual way to fill an afternoon.
        const next = zonedWallClock(start + minutes * 60_000, timeZone)
        setDate(next.date)
        setTime(next.time)
      },
      onError: (error) => setProblem(addFailure(error, kept.length)),
    })
  }

  const describedBy = (field: Field, ...more: string[]) =>
    [...more, problem?.field === field ? `${id}-problem` : undefined].filter(Boolean).join(' ') ||
    undefined
  const invalid = (field: Field) => (problem?.field === field ? true : undefined)

  return (
    <form className={styles.addForm} onSubmit={add} noValidate>
      <h3 className={styles.subheading}>Add a viewing time</h3>
      <p id={`${id}-zone`} className={styles.hint}>
        Times are {zone}
      </p>
      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-date`} className={styles.label}>
            Date
          </label>
          <input
            id={`${id}-date`}
            type="date"
            className={styles.input}
            value={date}
            min={firstDay}
            max={lastDay}
            required
            aria-invalid={invalid('start')}
            aria-describedby={describedBy('start', `${id}-zone`)}
            onChange={(event) => edit(setDate)(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-time`} className={styles.label}>
            Start time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            className={styles.input}
            value={time}
            required
            aria-invalid={invalid('start')}
            aria-describedby={describedBy('start', `${id}-zone`)}
            onChange={(event) => edit(setTime)(event.target.value)}
          />
        </div>
        <div className={`${styles.field} ${styles.lengthField}`}>
          <label htmlFor={`${id}-length`} className={styles.label}>
            Length
          </label>
          <select
            id={`${id}-length`}
            className={styles.input}
            value={minutes}
            aria-invalid={invalid('minutes')}
            aria-describedby={describedBy('minutes')}
            onChange={(event) => edit(setMinutes)(Number(event.target.value))}
          >
            {lengths.map((length) => (
              <option key={length} value={length}>
                {length < 60 || length % 60 !== 0
                  ? `${length} minutes`
                  : `${length / 60} ${length === 60 ? 'hour' : 'hours'}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.kindRow}>
        <SegmentedControl
          label="Kind of viewing"
          options={kinds}
          value={kind}
          onChange={edit(setKind)}
          className={styles.kinds}
        />
        {kind === 'open' && (
          <div className={`${styles.field} ${styles.placesField}`}>
            <label htmlFor={`${id}-places`} className={styles.label}>
              Places
            </label>
            <input
              id={`${id}-places`}
              type="number"
              inputMode="numeric"
              className={`${styles.input} ${styles.places}`}
              value={places}
              min={2}
              max={viewingLimits.maxCapacity}
              aria-invalid={invalid('capacity')}
              aria-describedby={describedBy('capacity', `${id}-places-hint`)}
              onChange={(event) => edit(setPlaces)(event.target.value)}
            />
            <p id={`${id}-places-hint`} className={styles.hint}>
              Up to {viewingLimits.maxCapacity} visitors at once
            </p>
          </div>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className={styles.problem}>
          {problem.text}
        </p>
      )}
      <button
        type="submit"
        className={`primary-button ${styles.wide}`}
        disabled={replace.isPending}
        aria-busy={replace.isPending}
      >
        {replace.isPending ? 'Adding…' : 'Add viewing time'}
      </button>
    </form>
  )
}

/** The error response in the server's words, tied to the new slot's field when it names one. */
function addFailure(error: Error, newIndex: number): Problem {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) {
    return { text: viewingFailure(error, 'Could not add the viewing time') }
  }
  const prefix = `slots.${newIndex}.`
  for (const [name, text] of Object.entries(error.fields)) {
    if (!name.startsWith(prefix)) continue
    const field = name.slice(prefix.length)
    if (field === 'start' || field === 'minutes' || field === 'capacity') return { text, field }
  }
  // About the list as a whole (two times overlap) or another slot: said as it is.
  return { text: Object.values(error.fields)[0]! }
}
