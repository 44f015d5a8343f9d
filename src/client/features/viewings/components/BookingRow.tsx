// One booking on /viewings. The visitor's own: the listing's photo and name, when (in the
// listing's zone), where, whose home it is, 'Add to calendar' and 'Cancel'. One of the user's
// listings': who booked, which listing, when, and 'Cancel'.
import { CalendarPlus, Clock, MapPin, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { listingPagePath } from '../../../../shared/screens'
import type { BookingDetails } from '../../../../shared/viewing'
import { formatViewingTime } from '../../../../shared/viewing-time'
import { errorReason } from '../../../api/error-reason'
import { bookingCalendarUrl, useCancelBooking } from '../api/viewings'
import { ListingThumbnail } from '../../conversations/components/ListingThumbnail'
import { toast } from '../../../components/toasts'
import styles from './BookingRow.module.css'

export type BookingSide = 'visitor' | 'owner'

export function BookingRow({
  booking,
  side,
  now,
  onCancelled,
}: {
  booking: BookingDetails
  side: BookingSide
  now: number
  /** told once the booking is cancelled, before its row (and the focused button) goes */
  onCancelled: () => void
}) {
  const cancel = useCancelBooking()
  const { listing } = booking
  const time = formatViewingTime(booking.start, booking.minutes, booking.timeZone)
  // The server takes no cancellation once a viewing has begun.
  const started = Date.parse(booking.start) <= now
  const whose = side === 'visitor' ? 'your viewing' : `${booking.booker.name}’s viewing`

  function confirmAndCancel() {
    if (!window.confirm(`Cancel ${whose} of “${listing.name}”, ${time}?`)) return
    cancel.mutate(booking.id, {
      onSuccess: () => {
        toast.success('Viewing cancelled')
        onCancelled()
      },
      onError: (error) =>
        toast.error(errorReason(error, 'Could not cancel the viewing, try again')),
    })
  }

  return (
    <li className={styles.row}>
      <ListingThumbnail listing={listing} className={styles.photo} />
      <div className={styles.details}>
        {side === 'owner' && <p className={styles.booker}>{booking.booker.name}</p>}
        <Link to={listingPagePath(listing)} className={styles.listing}>
          {listing.name}
        </Link>
        <p className={styles.fact}>
          <Clock size={16} aria-hidden="true" />
          <span>{time}</span>
        </p>
        {side === 'visitor' && (
          <>
            <p className={styles.fact}>
              <MapPin size={16} aria-hidden="true" />
              <span>{listing.location}</span>
            </p>
            <p className={styles.fact}>
              <UserRound size={16} aria-hidden="true" />
              <span>Owner: {booking.owner.name}</span>
            </p>
          </>
        )}
      </div>
      <div className={styles.actions}>
        {side === 'visitor' && (
          <a
            href={bookingCalendarUrl(booking.id)}
            download
            className="secondary-button"
            aria-label={`Add to calendar: ${listing.name}, ${time}`}
          >
            <CalendarPlus size={18} aria-hidden="true" />
            Add to calendar
          </a>
        )}
        {started ? (
          <span className={styles.started}>Under way</span>
        ) : (
          <button
            type="button"
            className={`secondary-button ${styles.cancel}`}
            onClick={confirmAndCancel}
            disabled={cancel.isPending}
            aria-label={`Cancel ${whose} of ${listing.name}, ${time}`}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
    </li>
  )
}
