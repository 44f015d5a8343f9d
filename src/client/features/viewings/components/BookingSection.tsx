import { useId } from 'react'
import type { BookingDetails } from '../../../../shared/viewing'
import cardList from '../../../styles/card-list.module.css'
import { BookingRow, type BookingSide } from './BookingRow'
import styles from './BookingSection.module.css'
import { viewingDays } from './viewing-days'

/** One side's upcoming bookings (the user's viewings, or those of their listings), by day. */
export function BookingSection({
  title,
  side,
  bookings,
  now,
  onCancelled,
}: {
  title: string
  side: BookingSide
  bookings: BookingDetails[]
  now: number
  onCancelled: () => void
}) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {title}
      </h2>
      {viewingDays(bookings, new Date(now).getFullYear()).map((day) => (
        <div key={day.date} className={styles.day}>
          <h3 id={`${id}-${day.date}`} className={styles.dayHeading}>
            <time dateTime={day.date}>{day.heading}</time>
          </h3>
          <ul className={cardList.cardList} aria-labelledby={`${id}-${day.date}`}>
            {day.bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                side={side}
                now={now}
                onCancelled={onCancelled}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}
