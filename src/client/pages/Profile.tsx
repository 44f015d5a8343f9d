// My Profile (the spec's screens): sign out, the name that can change, the way to a new listing and
// to the saved homes, messages and viewings; the user's listings on the market under 'Your
// Listings' with their views of the week, and the sold and rented ones beneath.
import { CalendarDays, ChevronRight, Heart, House, MessageCircle } from 'lucide-react'
import { Link } from 'react-router'
import { screens } from '../../shared/screens'
import { useUnreadConversations } from '../features/conversations/api/unread-conversations'
import { useMyListings } from '../features/listings/api/listing-writes'
import { type SessionUser, useSession, useSignOut } from '../features/account/api/session'
import { messagesLinkLabel, UnreadBadge } from '../features/conversations/components/UnreadBadge'
import { SavedSearchList } from '../features/saved-searches/components/SavedSearchList'
import { PersonalDetails } from '../features/account/components/PersonalDetails'
import { ShowEmailSwitch } from '../features/account/components/ShowEmailSwitch'
import { StatsMailSwitch } from '../features/account/components/StatsMailSwitch'
import { ListingWeekViews } from '../features/listing-stats/components/ListingWeekViews'
import { YourListings, YourListingsLoading } from '../features/listings/components/YourListings'
import { toast } from '../components/toasts'
import { useConfirmedDelete } from '../features/listings/hooks/use-confirmed-delete'
import { useDocumentTitle } from '../hooks/use-document-title'
import { VerifyEmailNotice } from '../features/account/components/VerifyEmailNotice'
import styles from './Profile.module.css'

export default function Profile() {
  useDocumentTitle(screens.profile.title)
  const { user } = useSession()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null
  return <MyProfile user={user} />
}

function MyProfile({ user }: { user: SessionUser }) {
  const signOut = useSignOut()
  const { data: listings, status } = useMyListings(user.id)
  const { confirmAndDelete, deleteListing } = useConfirmedDelete(user.id)
  const unreadConversations = useUnreadConversations(user.id)

  function logout() {
    signOut.mutate(undefined, { onError: () => toast.error('Could not sign out') })
  }

  // The spec shows 'Your Listings' when the user has listings; someone who has just deleted their
  // last one is shown it empty, with the way to a new one.
  const deletedTheLast = deleteListing.isSuccess && listings?.length === 0
  const withListings = status === 'pending' || !!listings?.length || deletedTheLast

  return (
    <main className={`page ${styles.profile} ${withListings ? styles.withListings : ''}`}>
      <header className={styles.header}>
        <h1 className="page-header">{screens.profile.title}</h1>
        <button
          type="button"
          className={styles.logout}
          onClick={logout}
          disabled={signOut.isPending}
        >
          Logout
        </button>
      </header>
      <div className={styles.account}>
        <VerifyEmailNotice user={user} />
        <PersonalDetails user={user} />
        <ShowEmailSwitch userId={user.id} />
        <StatsMailSwitch userId={user.id} />
        <Link
          to={screens.messages.path}
          className={styles.rowLink}
          aria-label={messagesLinkLabel(unreadConversations)}
        >
          <MessageCircle size={24} aria-hidden="true" />
          <span>{screens.messages.title}</span>
          <UnreadBadge count={unreadConversations} />
          <ChevronRight size={24} aria-hidden="true" />
        </Link>
        <Link to={screens.viewings.path} className={styles.rowLink}>
          <CalendarDays size={24} aria-hidden="true" />
          <span>{screens.viewings.title}</span>
          <ChevronRight size={24} aria-hidden="true" />
        </Link>
        <Link to={screens.saved.path} className={styles.rowLink}>
          <Heart size={24} aria-hidden="true" className={styles.savedIcon} />
          <span>{screens.saved.title}</span>
          <ChevronRight size={24} aria-hidden="true" />
        </Link>
        <Link to="/create-listing" className={styles.rowLink}>
          <House size={24} aria-hidden="true" />
          <span>Sell or rent your home</span>
          <ChevronRight size={24} aria-hidden="true" />
        </Link>
      </div>
      {status === 'pending' && <YourListingsLoading className={styles.listings} />}
      {/* A failed read has said so in a toast. */}
      {(!!listings?.length || deletedTheLast) && (
        <YourListings
          className={styles.listings}
          listings={listings ?? []}
          onDelete={confirmAndDelete}
          figures={(listing) => <ListingWeekViews listingId={listing.id} />}
        />
      )}
      <SavedSearchList userId={user.id} />
    </main>
  )
}
