// A landlord's public page: who they are, since when they are here, how they reply to the people
// who write to them, and their homes on the market. On desktops the profile stays in view on the
// left beside the homes.
import { CalendarDays, Clock, MessageCircle } from 'lucide-react'
import { Link, useParams } from 'react-router'
import type { LandlordProfile } from '../../shared/landlord-profile'
import { memberSinceText, replyShareText, replyTimeText } from '../../shared/reply-wording'
import { screens } from '../../shared/screens'
import { useLandlordProfile } from '../features/landlords/api/landlord-profile'
import { EmptyState } from '../components/EmptyState'
import { ListingPages } from '../features/listings/components/ListingPages'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useNoIndex } from '../hooks/use-no-index'
import styles from './Landlord.module.css'
import NotFound from './NotFound'

export default function Landlord() {
  const { userId = '' } = useParams()
  const { data: profile, status, refetch } = useLandlordProfile(userId)
  useDocumentTitle(profile?.name)
  // A person's page, not one for search engines (the server's head says so too).
  useNoIndex(true)

  if (status === 'pending') return <Spinner />
  if (status === 'error') {
    return (
      <main className="page">
        <p className="empty-text">The landlord could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </main>
    )
  }
  if (!profile) return <NotFound what="landlord" />
  return <LandlordPage profile={profile} />
}

function LandlordPage({ profile }: { profile: LandlordProfile }) {
  const { replies } = profile
  return (
    <main className={`page ${styles.landlord}`}>
      <section className={styles.profile} aria-labelledby="landlord-name">
        <span className={styles.initial} aria-hidden="true">
          {profile.name.trim().charAt(0).toUpperCase()}
        </span>
        <h1 id="landlord-name" className={styles.name}>
          {profile.name}
        </h1>
        <ul className={styles.facts}>
          <li>
            <CalendarDays size={18} aria-hidden="true" />
            {memberSinceText(profile.memberSince)}
          </li>
          {replies?.medianMinutes != null && (
            <li>
              <Clock size={18} aria-hidden="true" />
              {replyTimeText(replies.medianMinutes)}
            </li>
          )}
          {replies && (
            <li>
              <MessageCircle size={18} aria-hidden="true" />
              {replyShareText(replies.share)}
            </li>
          )}
        </ul>
      </section>

      <section className={styles.homes} aria-labelledby="landlord-homes">
        <h2 id="landlord-homes" className={styles.homesHeading}>
          Homes on the market
        </h2>
        <ListingPages
          filter={{ userRef: profile.id, status: 'active' }}
          empty={
            <EmptyState
              title="No homes on the market right now"
              hint={`Homes ${profile.name} puts up for rent or for sale show up here.`}
            >
              <Link to={screens.explore.path}>Go to Explore</Link>
            </EmptyState>
          }
        />
      </section>
    </main>
  )
}
