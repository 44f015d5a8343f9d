// My Profile (the spec's screens): sign out, the name that can change, the way to a new listing and
// to the saved homes, messages and viewings; the user's listings on the market under 'Your
// Listings', and the sold and rented ones beneath.
import { CalendarDays, ChevronRight, Heart, House, MessageCircle } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Listing } from '../../shared/listing'
import type { PublicUser } from '../../shared/profile'
import { screens } from '../../shared/screens'
import { useUnreadConversations } from '../features/conversations/api/unread-conversations'
import { ApiError } from '../api/http'
import { useMyListings } from '../features/listings/api/listing-writes'
import {
  type SessionUser,
  useSession,
  useSignOut,
  useUpdateProfile,
} from '../features/account/api/session'
import { EmptyState } from '../components/EmptyState'
import { ListingCard } from '../features/listings/components/ListingCard'
import { ListingCardSkeletons } from '../features/listings/components/ListingCardSkeleton'
import { closedStatusText } from '../features/listings/components/listing-status-text'
import { ListingStatusButton } from '../features/listings/components/ListingStatusButton'
import { messagesLinkLabel, UnreadBadge } from '../features/conversations/components/UnreadBadge'
import { SavedSearchList } from '../features/saved-searches/components/SavedSearchList'
import { ShowEmailSwitch } from '../features/account/components/ShowEmailSwitch'
import { toast } from '../components/toasts'
import { useConfirmedDelete } from '../hooks/use-confirmed-delete'
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
      {status === 'pending' && (
        <div className={styles.listings}>
          {/* Where 'Your Listings' comes, so the cards do not move down when it does. */}
          <div className={styles.listingsHeading}>
            <span className={styles.headingBar} />
          </div>
          <ListingCardSkeletons label="Loading your listings…" />
        </div>
      )}
      {/* A failed read has said so in a toast. */}
      {(!!listings?.length || deletedTheLast) && (
        <YourListings listings={listings ?? []} onDelete={confirmAndDelete} />
      )}
      <SavedSearchList userId={user.id} />
    </main>
  )
}

/**
 * The spec's screens: the user's listings on the market, each with edit and delete; then those sold
 * and those rented, under their status. Each card can be closed or put back on the market.
 */
function YourListings({
  listings,
  onDelete,
}: {
  listings: Listing[]
  onDelete: (listing: Listing) => void
}) {
  const active = listings.filter((listing) => listing.status === 'active')
  const cards = (shown: Listing[]) => (
    <ul className="card-grid">
      {shown.map((listing) => (
        <ListingCard
          key={listing.id}
          listing={listing}
          editable
          onDelete={onDelete}
          statusAction={<ListingStatusButton listing={listing} className="secondary-button" />}
        />
      ))}
    </ul>
  )
  return (
    <div className={styles.listings}>
      <section aria-labelledby="your-listings">
        <h2 id="your-listings" className={styles.listingsHeading}>
          Your Listings
        </h2>
        {active.length > 0 ? (
          cards(active)
        ) : listings.length > 0 ? (
          <p className="empty-text">None of your listings is on the market.</p>
        ) : (
          <EmptyState
            title="You have no listings left"
            hint="Put a home up for rent or for sale, and it shows here, ready to edit."
          >
            <Link to="/create-listing">Create a listing</Link>
          </EmptyState>
        )}
      </section>
      {(['sold', 'rented'] as const).map((status) => {
        const closed = listings.filter((listing) => listing.status === status)
        if (closed.length === 0) return null
        return (
          <section
            key={status}
            aria-labelledby={`your-${status}-listings`}
            className={styles.closedListings}
          >
            <h2 id={`your-${status}-listings`} className={styles.listingsHeading}>
              {closedStatusText[status]}
            </h2>
            {cards(closed)}
          </section>
        )
      })}
    </div>
  )
}

function PersonalDetails({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(user.name)
  const updateProfile = useUpdateProfile()
  const nameId = useId()
  const emailId = useId()
  const nameInput = useRef<HTMLInputElement>(null)

  // 'change' takes the keyboard straight to the name.
  useEffect(() => {
    if (editing) nameInput.current?.focus()
  }, [editing])

  function toggle() {
    if (!editing) return setEditing(true)
    if (name.trim() === user.name) {
      setName(user.name)
      return setEditing(false)
    }
    updateProfile.mutate(name, {
      onSuccess: (saved) => {
        setName(saved.name)
        setEditing(false)
      },
      onError: (error) => {
        // The server's word on the name itself ('Enter your name'); a blank name gives the saved
        // one back. Any other failure keeps what was typed, still editing, so nothing is lost.
        const nameProblem = error instanceof ApiError ? error.fields.name : undefined
        if (!nameProblem) return toast.error('Could not update profile details')
        toast.error(nameProblem, { toastId: nameProblem })
        if (!name.trim()) setName(user.name)
        nameInput.current?.focus()
      },
    })
  }

  return (
    <section aria-labelledby="personal-details" className={styles.details}>
      <div className={styles.detailsHeader}>
        <h2 id="personal-details" className={styles.detailsHeading}>
          Personal Details
        </h2>
        <button
          type="button"
          className={styles.change}
          onClick={toggle}
          disabled={updateProfile.isPending}
        >
          {editing ? 'done' : 'change'}
        </button>
      </div>
      <form
        className={styles.fields}
        onSubmit={(event) => {
          event.preventDefault()
          if (editing) toggle()
        }}
      >
        <label htmlFor={nameId} className={styles.label}>
          Name
        </label>
        <input
          id={nameId}
          ref={nameInput}
          className={editing ? `${styles.input} ${styles.editing}` : styles.input}
          value={name}
          disabled={!editing}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor={emailId} className={styles.label}>
          Email
        </label>
        {/* Only the name is saved (the spec's validation rules): the e-mail is shown, never editable. */}
        <input id={emailId} className={styles.input} value={user.email} disabled readOnly />
        {/* Enter in the name field saves, like 'done' (a form of two fields needs a submit). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} disabled={!editing}>
          Save name
        </button>
      </form>
    </section>
  )
}
