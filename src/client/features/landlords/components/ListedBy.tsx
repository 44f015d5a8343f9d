// 'Listed by {name}' on a listing's page, linking to the landlord's own page, with how soon they
// usually reply when that is known. Its room is kept while the name loads, so nothing below moves.
import { Link } from 'react-router'
import { replyTimeText } from '../../../../shared/reply-wording'
import { landlordPagePath } from '../../../../shared/screens'
import { useLandlordProfile } from '../api/landlord-profile'
import styles from './ListedBy.module.css'

export function ListedBy({ landlordId }: { landlordId: string }) {
  const { data: profile, status } = useLandlordProfile(landlordId)
  if (status === 'pending') return <div className={styles.placeholder} aria-hidden="true" />
  if (!profile) return null
  const medianMinutes = profile.replies?.medianMinutes
  return (
    <div className={styles.listedBy}>
      <span className={styles.initial} aria-hidden="true">
        {profile.name.trim().charAt(0).toUpperCase()}
      </span>
      <p className={styles.text}>
        Listed by <Link to={landlordPagePath(profile.id)}>{profile.name}</Link>
        {medianMinutes != null && (
          <span className={styles.replies}>{replyTimeText(medianMinutes)}</span>
        )}
      </p>
    </div>
  )
}
