// A visitor's side of 'Viewing times': the viewings they booked (calendar file, cancel), then the
// next times as buttons that book a place at once. A visitor who is not signed in is sent to sign
// in and brought back to the listing, as the message box does.
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { screens } from '../../../../shared/screens'
import type { ViewingSlot } from '../../../../shared/viewing'
import {
  formatViewingDay,
  formatViewingHours,
  formatViewingTime,
  timeZoneLabel,
} from '../../../../shared/viewing-time'
import { useSession } from '../../account/api/session'
import { bookingCalendarUrl, useBookSlot, useCancelBooking } from '../api/viewings'
import type { SignInRedirectState } from '../../account/components/RequireAuth'
import { viewingFailure } from './viewing-failure'
import { ViewingTimeText } from './ViewingTimeText'
import styles from './ViewingTimes.module.css'

/** How many times are offered before 'Show all'. */
const firstShown = 6

interface VisitorSlotsProps {
  slots: ViewingSlot[]
  timeZone: string
  /** `shown: false` when the screen already shows it: then it is only said */
  onStatus: (text: string, shown?: boolean) => void
  /** Called once a cancelled booking's controls are gone, to put the keyboard somewhere. */
  onBookingGone: () => void
}

export function VisitorSlots({ slots, timeZone, onStatus, onBookingGone }: VisitorSlotsProps) {
  const { user } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const book = useBookSlot()
  const cancel = useCancelBooking()
  const [problem, setProblem] = useState<string>()
  const [showAll, setShowAll] = useState(false)
  // What this page did, shown at once, before the slots are read again.
  const [booked, setBooked] = useState<{ slotId: string; bookingId: string }>()
  const [cancelled, setCancelled] = useState<string[]>([])
  const bookedRef = useRef<HTMLParagraphElement>(null)

  const bookingOf = (slot: ViewingSlot) => {
    const id = slot.myBookingId ?? (booked?.slotId === slot.id ? booked.bookingId : undefined)
    return id && !cancelled.includes(id) ? id : undefined
  }
  const mine = slots.filter((slot) => bookingOf(slot) !== undefined)
  const others = slots.filter((slot) => bookingOf(slot) === undefined)
  const offered = showAll ? others : others.slice(0, firstShown)
  const time = (slot: ViewingSlot) => formatViewingTime(slot.start, slot.minutes, timeZone)

  // The pressed button has gone: the keyboard goes to the booking that took its place.
  useEffect(() => {
    if (booked) bookedRef.current?.focus()
  }, [booked])

  function press(slot: ViewingSlot) {
    if (user === null) {
      const state: SignInRedirectState = {
        from: location.pathname + location.search,
        reason: 'book-viewing',
      }
      void navigate(screens.signIn.path, { state })
      return
    }
    setProblem(undefined)
    book.mutate(slot.id, {
      onSuccess: (booking) => {
        setBooked({ slotId: slot.id, bookingId: booking.id })
        onStatus(`Viewing booked: ${time(slot)}`, false)
      },
      // A 409 (full or started meanwhile) in the server's words; the slots are read again.
      onError: (error) => setProblem(viewingFailure(error, 'Could not book the viewing')),
    })
  }

  function cancelBooking(slot: ViewingSlot, bookingId: string) {
    setProblem(undefined)
    cancel.mutate(bookingId, {
      onSuccess: () => {
        setCancelled((ids) => [...ids, bookingId])
        onStatus(`Booking cancelled: ${time(slot)}`)
        onBookingGone()
      },
      onError: (error) => setProblem(viewingFailure(error, 'Could not cancel the booking')),
    })
  }

  if (slots.length === 0) {
    return <p className={styles.quiet}>No viewing times are published yet.</p>
  }
  return (
    <>
      {mine.length > 0 && (
        <ul className={styles.bookedList} aria-label="Your bookings">
          {mine.map((slot) => {
            const bookingId = bookingOf(slot)!
            return (
              <li key={slot.id} className={styles.booked}>
                <p
                  className={styles.bookedTitle}
                  ref={booked?.slotId === slot.id ? bookedRef : undefined}
                  tabIndex={-1}
                >
                  Viewing booked
                </p>
                <p className={styles.slotTime}>
                  <ViewingTimeText start={slot.start} minutes={slot.minutes} timeZone={timeZone} />
                </p>
                <div className={styles.bookedActions}>
                  <a
                    href={bookingCalendarUrl(bookingId)}
                    download
                    className={`secondary-button ${styles.action}`}
                  >
                    Add to calendar
                  </a>
                  <button
                    type="button"
                    className={`secondary-button ${styles.action} ${styles.cancel}`}
                    onClick={() => cancelBooking(slot, bookingId)}
                    disabled={cancel.isPending}
                  >
                    Cancel booking
                  </button>
                </div>
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
      {others.length > 0 && (
        <>
          {others.some((slot) => slot.booked < slot.capacity) && (
            <p className={styles.hint}>
              {mine.length > 0 ? 'Other times: press one to book it' : 'Press a time to book it'}
            </p>
          )}
          <ul className={styles.slotGrid} aria-label="Times to book">
            {offered.map((slot) => {
              const at = Date.parse(slot.start)
              const full = slot.booked >= slot.capacity
              const left = slot.capacity - slot.booked
              const mark = full ? 'Full' : 'Book'
              const day = formatViewingDay(at, timeZone)
              const hours = formatViewingHours(at, slot.minutes, timeZone)
              const kind =
                slot.capacity === 1
                  ? 'Private viewing'
                  : full
                    ? `Open house, ${slot.capacity} places`
                    : `Open house, ${left} ${left === 1 ? 'place' : 'places'} left`
              return (
                <li key={slot.id}>
                  <button
                    type="button"
                    className={styles.slotButton}
                    // The screen's words in reading order, with the zone the heading names.
                    aria-label={`${mark} ${day}, ${hours}, ${timeZoneLabel(timeZone)}, ${kind}`}
                    // Until we know who is here, a press could not go the right way.
                    disabled={full || user === undefined || book.isPending}
                    onClick={() => press(slot)}
                  >
                    <span className={full ? styles.fullMark : styles.bookMark}>{mark}</span>
                    <span className={styles.slotDay}>{day}</span>
                    <span className={styles.slotHours}>{hours}</span>
                    <span className={styles.slotPlaces}>{kind}</span>
                  </button>
                </li>
              )
            })}
          </ul>
          {others.length > offered.length && (
            <button
              type="button"
              className={`secondary-button ${styles.showAll}`}
              onClick={() => setShowAll(true)}
            >
              Show all {others.length} times
            </button>
          )}
        </>
      )}
    </>
  )
}
