// The owner's side of 'Viewing times': their future slots with who booked each, 'Remove' for a slot
// nobody booked, and the form to add one.
import { useState } from 'react'
import type { ViewingSlot } from '../../../../shared/viewing'
import { formatViewingTime } from '../../../../shared/viewing-time'
import { useReplaceSlots } from '../api/viewings'
import { AddViewingSlotForm } from './AddViewingSlotForm'
import { slotInput, slotsAhead } from './slot-input'
import { viewingFailure } from './viewing-failure'
import { ViewingTimeText } from './ViewingTimeText'
import styles from './ViewingTimes.module.css'

interface OwnerSlotsProps {
  listingId: string
  slots: ViewingSlot[]
  timeZone: string
  onStatus: (text: string, shown?: boolean) => void
  /** Called once a removed slot's button is gone, to put the keyboard somewhere. */
  onSlotGone: () => void
}

export function OwnerSlots({ listingId, slots, timeZone, onStatus, onSlotGone }: OwnerSlotsProps) {
  const replace = useReplaceSlots(listingId)
  const [problem, setProblem] = useState<string>()

  function remove(slot: ViewingSlot) {
    setProblem(undefined)
    const rest = slotsAhead(slots).filter((each) => each.id !== slot.id)
    replace.mutate(rest.map(slotInput), {
      onSuccess: () => {
        onStatus(`Viewing time removed: ${formatViewingTime(slot.start, slot.minutes, timeZone)}`)
        onSlotGone()
      },
      onError: (error) => setProblem(viewingFailure(error, 'Could not remove the viewing time')),
    })
  }

  return (
    <>
      {slots.length === 0 ? (
        <p className={styles.quiet}>No viewing times yet: add the first one below.</p>
      ) : (
        <ul className={styles.ownerList} aria-label="Your viewing times">
          {slots.map((slot) => {
            const time = formatViewingTime(slot.start, slot.minutes, timeZone)
            const bookers = slot.bookings ?? []
            return (
              <li key={slot.id} className={styles.ownerSlot}>
                <div className={styles.ownerSlotText}>
                  <p className={styles.slotTime}>
                    <ViewingTimeText
                      start={slot.start}
                      minutes={slot.minutes}
                      timeZone={timeZone}
                    />
                  </p>
                  <p className={styles.slotDetail}>
                    {slot.capacity === 1 ? 'Private viewing' : 'Open house'} · {slot.booked} of{' '}
                    {slot.capacity} booked
                  </p>
                  {bookers.length > 0 && (
                    <p className={styles.slotDetail}>
                      Booked by {bookers.map((booking) => booking.booker.name).join(', ')}
                    </p>
                  )}
                </div>
                {slot.booked === 0 && (
                  <button
                    type="button"
                    className={`secondary-button ${styles.removeButton}`}
                    onClick={() => remove(slot)}
                    disabled={replace.isPending}
                  >
                    Remove<span className="visually-hidden"> {time}</span>
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <AddViewingSlotForm
        listingId={listingId}
        slots={slots}
        timeZone={timeZone}
        onStatus={onStatus}
      />
    </>
  )
}
