// My Profile (the spec's screens): sign out, the name that can change, and the way to a new listing.
import { ChevronRight, House } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Listing } from '../../shared/listing'
import { screens } from '../../shared/screens'
import { useDeleteListing, useMyListings } from '../api/listing-writes'
import type { PublicUser } from '../../shared/profile'
import { useSession, useSignOut, useUpdateProfile } from '../api/session'
import { ListingCard } from '../components/ListingCard'
import { Spinner } from '../components/Spinner'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../components/use-document-title'
import styles from './Profile.module.css'

export default function Profile() {
  useDocumentTitle(screens.profile.title)
  const { user } = useSession()
  const signOut = useSignOut()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null

  function logout() {
    signOut.mutate(undefined, { onError: () => toast.error('Could not sign out') })
  }

  return (
    <main className="page">
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
      <PersonalDetails user={user} />
      <Link to="/create-listing" className={styles.createListing}>
        <House size={24} aria-hidden="true" />
        <span>Sell or rent your home</span>
        <ChevronRight size={24} aria-hidden="true" />
      </Link>
      <YourListings userId={user.id} />
    </main>
  )
}

/** The spec's screens: shown when the user has listings, each with edit and delete. */
function YourListings({ userId }: { userId: string }) {
  const { data: listings, status } = useMyListings(userId)
  const deleteListing = useDeleteListing(userId)
  if (status === 'pending') return <Spinner label="Loading your listings…" />
  // A failed read has said so in a toast; the spec shows the section only when there are listings.
  if (!listings?.length) return null

  function onDelete(listing: Listing) {
    if (!window.confirm('Are you sure you want to delete?')) return
    deleteListing.mutate(listing.id, {
      onSuccess: () => toast.success('Successfully deleted listing'),
      onError: () => toast.error('Could not delete the listing, try again'),
    })
  }

  return (
    <section aria-labelledby="your-listings">
      <h2 id="your-listings" className={styles.listingsHeading}>
        Your Listings
      </h2>
      <ul className={styles.listings}>
        {listings.map((listing) => (
          <ListingCard key={listing.id} listing={listing} editable onDelete={onDelete} />
        ))}
      </ul>
    </section>
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
      // Stay in editing mode: the typed name is not lost.
      onError: () => toast.error('Could not update profile details'),
    })
  }

  return (
    <section aria-labelledby="personal-details">
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
        className={styles.card}
        onSubmit={(event) => {
          event.preventDefault()
          if (editing) toggle()
        }}
      >
        <label htmlFor={nameId} className="visually-hidden">
          Name
        </label>
        <input
          id={nameId}
          ref={nameInput}
          className={editing ? `${styles.input} ${styles.editing}` : styles.input}
          value={name}
          maxLength={64}
          disabled={!editing}
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor={emailId} className="visually-hidden">
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
