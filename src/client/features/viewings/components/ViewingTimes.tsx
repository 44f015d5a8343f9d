// The listing page's 'Viewing times', for a home on the market: its owner publishes times and sees
// who booked them; a visitor books a place at one. Times are in the listing's own time zone, named.
import { useCallback, useRef, useState } from 'react'
import type { Listing } from '../../../../shared/listing'
import { timeZoneLabel } from '../../../../shared/viewing-time'
import { useSession } from '../../account/api/session'
import { useViewingSlots } from '../api/viewings'
import { useHydrating } from '../../../hooks/use-hydrating'
import { OwnerSlots } from './OwnerSlots'
import { VisitorSlots } from './VisitorSlots'
import styles from './ViewingTimes.module.css'

interface ViewingTimesProps {
  listing: Pick<Listing, 'id' | 'userRef' | 'status'>
  className?: string
}

export function ViewingTimes({ listing, className }: ViewingTimesProps) {
  // A closed home takes no viewings (the server lists none and rejects new ones).
  if (listing.status !== 'active') return null
  return <ActiveListingViewingTimes listing={listing} className={className} />
}

function ActiveListingViewingTimes({ listing, className }: ViewingTimesProps) {
  const { user } = useSession()
  const slots = useViewingSlots(listing.id)
  const hydrating = useHydrating()
  const isOwner = !!user && user.id === listing.userRef
  // One polite region for what a press did; failures are said beside the control instead.
  const [status, setStatus] = useState({ text: '', shown: true })
  const say = useCallback((text: string, shown = true) => setStatus({ text, shown }), [])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHeading = useCallback(() => headingRef.current?.focus(), [])

  const data = slots.data
  const timeZone = data?.timeZone
  return (
    <section
      className={className ? `${styles.section} ${className}` : styles.section}
      aria-labelledby="viewing-times"
    >
      <div className={styles.header}>
        <h2 id="viewing-times" ref={headingRef} tabIndex={-1} className={styles.heading}>
          Viewing times
        </h2>
        {/* The owner's form names the zone beside its fields. */}
        {timeZone && !isOwner && <p className={styles.zone}>Times are {timeZoneLabel(timeZone)}</p>}
      </div>
      <p role="status" className={status.text && status.shown ? styles.status : 'visually-hidden'}>
        {status.text}
      </p>
      {/* They are each visitor's own (their bookings): read by the live page, never server-rendered. */}
      {slots.status === 'pending' &&
        (hydrating ? (
          <noscript>
            <p className={styles.quiet}>Turn on JavaScript to see and book the viewing times.</p>
          </noscript>
        ) : (
          <p className={styles.quiet}>Loading viewing times…</p>
        ))}
      {slots.status === 'error' && (
        <p className={styles.quiet}>The viewing times could not be loaded.</p>
      )}
      {data &&
        (isOwner ? (
          <OwnerSlots
            listingId={listing.id}
            slots={data.items}
            timeZone={data.timeZone}
            onStatus={say}
            onSlotGone={focusHeading}
          />
        ) : (
          <VisitorSlots
            slots={data.items}
            timeZone={data.timeZone}
            onStatus={say}
            onBookingGone={focusHeading}
          />
        ))}
    </section>
  )
}
