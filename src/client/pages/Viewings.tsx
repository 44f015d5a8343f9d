// Viewings: the user's upcoming viewings of other people's homes, and the upcoming bookings of their
// own listings, each by day; either can be cancelled from here. Viewings that have ended are left
// out: the conversation with the owner keeps the record.
import { CalendarDays } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { categoryPath, categoryTitle, screens } from '../../shared/screens'
import { useSession } from '../features/account/api/session'
import { useBookings } from '../features/viewings/api/viewings'
import { EmptyState } from '../components/EmptyState'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useNow } from '../hooks/use-now'
import { BookingSection } from '../features/viewings/components/BookingSection'
import styles from './Viewings.module.css'

export default function Viewings() {
  useDocumentTitle(screens.viewings.title)
  const { user } = useSession()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null
  return <MyViewings userId={user.id} />
}

function MyViewings({ userId }: { userId: string }) {
  const { data, status, refetch } = useBookings()
  // A viewing that ends while the page is open leaves it.
  const now = useNow(60_000).getTime()
  const upcoming = (data?.items ?? []).filter(
    (booking) => Date.parse(booking.start) + booking.minutes * 60_000 > now,
  )
  const mine = upcoming.filter((booking) => booking.booker.id === userId)
  const ofMyListings = upcoming.filter((booking) => booking.owner.id === userId)
  const both = mine.length > 0 && ofMyListings.length > 0
  // A cancelled booking's row goes with the button that had the keyboard: the page's heading takes it.
  const heading = useRef<HTMLHeadingElement>(null)
  const focusHeading = () => heading.current?.focus()

  let content
  if (status === 'pending') {
    content = <Spinner label="Loading your viewings…" />
  } else if (!data) {
    // A toast has said why.
    content = (
      <div>
        <p className="empty-text">Your viewings could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    )
  } else if (upcoming.length === 0) {
    content = (
      <EmptyState
        title="No viewings booked"
        hint={
          <>
            <CalendarDays size={16} aria-hidden="true" /> Book a time to visit a home from its page,
            and your viewing shows here. When visitors book the viewing times of your listings, they
            show here too.
          </>
        }
      >
        <Link to={categoryPath('rent')}>{categoryTitle('rent')}</Link>
        <Link to={categoryPath('sale')}>{categoryTitle('sale')}</Link>
      </EmptyState>
    )
  } else {
    content = (
      <div className={styles.sections}>
        {mine.length > 0 && (
          <BookingSection
            title="My viewings"
            side="visitor"
            bookings={mine}
            now={now}
            onCancelled={focusHeading}
          />
        )}
        {ofMyListings.length > 0 && (
          <BookingSection
            title="Bookings of my listings"
            side="owner"
            bookings={ofMyListings}
            now={now}
            onCancelled={focusHeading}
          />
        )}
      </div>
    )
  }

  // Both lists side by side on a desktop; one list keeps a column of reading width.
  return (
    <main className="page">
      <div className={both ? `${styles.column} ${styles.wide}` : styles.column}>
        <h1 className="page-header" ref={heading} tabIndex={-1}>
          {screens.viewings.title}
        </h1>
        {content}
      </div>
    </main>
  )
}
