// On each of the owner's listing cards: its views of the last 7 days and the way to its
// statistics. The count appears once read; a failed read leaves the link alone.
import { ChartColumn } from 'lucide-react'
import { Link } from 'react-router'
import { formatCount } from '../../../../shared/format'
import { listingStatsPath } from '../../../../shared/listing-stats'
import { useWeekViews } from '../api/week-views'
import styles from './ListingWeekViews.module.css'

export function ListingWeekViews({ listingId }: { listingId: string }) {
  // One request for all the cards: they share the query.
  const { data } = useWeekViews()
  return (
    <p className={styles.week}>
      <span>{data && `${formatCount(data.views[listingId] ?? 0, 'view', 'views')} this week`}</span>
      <Link to={listingStatsPath(listingId)} className={styles.link}>
        <ChartColumn size={16} aria-hidden="true" />
        Statistics
      </Link>
    </p>
  )
}
