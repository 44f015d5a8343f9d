// The heart: saves a listing for the signed-in user, or takes a visitor to sign in and saves it
// when they are back. Every heart reads the one query of saved ids, so all show a change at once.
// Owners have no heart on their own homes.
import { Heart } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Listing } from '../../../../shared/listing'
import { screens } from '../../../../shared/screens'
import {
  rememberPendingFavourite,
  takePendingFavourite,
  useFavouriteIds,
  useToggleFavourite,
} from '../api/favourites'
import { useSession } from '../../account/api/session'
import styles from './FavouriteButton.module.css'
import type { SignInRedirectState } from '../../account/components/RequireAuth'

interface FavouriteButtonProps {
  listing: Pick<Listing, 'id' | 'name' | 'userRef'>
  /** 'overlay' sits on a photo (the cards); 'outline' beside the share button (the detail page). */
  look: 'overlay' | 'outline'
}

export function FavouriteButton({ listing, look }: FavouriteButtonProps) {
  const listingId = listing.id
  const { user } = useSession()
  const { data: ids } = useFavouriteIds(user?.id)
  const toggle = useToggleFavourite(user?.id ?? '')
  const navigate = useNavigate()
  const location = useLocation()
  const saved = ids?.includes(listingId) ?? false

  // Back from signing in: the heart a visitor pressed is saved now (whichever heart sees it first),
  // once the saved ids are read, so that their first read cannot undo the save on screen.
  const idsRead = ids !== undefined
  const { mutate } = toggle
  useEffect(() => {
    if (!idsRead) return
    const pending = takePendingFavourite()
    if (pending) mutate({ listingId: pending, save: true })
  }, [idsRead, mutate])

  function press() {
    if (user === null) {
      rememberPendingFavourite(listingId)
      const state: SignInRedirectState = {
        from: location.pathname + location.search,
        reason: 'save-home',
      }
      void navigate(screens.signIn.path, { state })
      return
    }
    toggle.mutate({ listingId, save: !saved })
  }

  if (user && user.id === listing.userRef) return null

  // One name whatever the state, as a toggle's should be: aria-pressed says whether it is saved.
  const name = `Save ${listing.name}`
  return (
    <button
      type="button"
      className={`${styles.heart} ${styles[look]}`}
      aria-pressed={saved}
      aria-label={name}
      title={saved ? `Remove ${listing.name} from saved homes` : name}
      // Until we know who is here, a press could not be handled right.
      disabled={user === undefined}
      onClick={press}
    >
      <span className={styles.disc}>
        <Heart size={20} aria-hidden="true" fill={saved ? 'currentColor' : 'none'} />
      </span>
    </button>
  )
}
