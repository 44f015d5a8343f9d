// Statistics, for a listing's owner: its views, saves, messages, viewings booked and appearances in
// alert mails over the last 7, 30 or 90 days, against similar homes nearby; as totals, a chart and
// a table of every day. Anyone else finds no such listing, as the server says.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { statsDayChoices, statsDays } from '../../shared/listing-stats'
import { listingPagePath, screens } from '../../shared/screens'
import { useSession } from '../features/account/api/session'
import { RequireAuth } from '../features/account/components/RequireAuth'
import { useListingStats } from '../features/listing-stats/api/listing-stats'
import { listingStatsKey } from '../features/listing-stats/api/listing-stats-keys'
import { StatsChart } from '../features/listing-stats/components/StatsChart'
import { StatsTable } from '../features/listing-stats/components/StatsTable'
import { StatsTotals } from '../features/listing-stats/components/StatsTotals'
import { useListing } from '../features/listings/api/listings'
import { SegmentedControl } from '../components/SegmentedControl'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import styles from './ListingStats.module.css'
import NotFound from './NotFound'

type Period = (typeof statsDayChoices)[number]

const periods = statsDayChoices.map((days) => [days, `${days} days`] as const)

/** The period shown, kept in the address so that a reload or a shared link opens the same one. */
function usePeriod() {
  const [searchParams, setSearchParams] = useSearchParams()
  const asked = Number(searchParams.get('days'))
  const days: Period = statsDayChoices.find((choice) => choice === asked) ?? statsDays.default
  const choose = (next: Period) =>
    setSearchParams(next === statsDays.default ? {} : { days: String(next) }, { replace: true })
  return [days, choose] as const
}

export default function ListingStats() {
  const { listingId = '' } = useParams()
  const [days, setDays] = usePeriod()
  const { user, checking } = useSession()
  // The server renders the figures into the page for the listing's owner alone: they show while
  // the browser checks who is signed in, and to a page read without scripts.
  const queryClient = useQueryClient()
  const [fromServer] = useState(
    () => queryClient.getQueryData(listingStatsKey(listingId, days)) !== undefined,
  )
  const page = <OwnerStatistics listingId={listingId} days={days} onDays={setDays} />
  if (fromServer && (checking || user)) return page
  return <RequireAuth>{page}</RequireAuth>
}

function OwnerStatistics({
  listingId,
  days,
  onDays,
}: {
  listingId: string
  days: Period
  onDays: (days: Period) => void
}) {
  const { data: stats, status, refetch, isPlaceholderData } = useListingStats(listingId, days)
  const { data: listing } = useListing(listingId)
  const title = screens.listingStats.title
  useDocumentTitle(stats === null ? undefined : listing ? `${title}: ${listing.name}` : title)

  if (stats === null) return <NotFound what="listing" />

  let content
  if (stats) {
    const shown = stats.days.length
    content = (
      <div className={styles.report} aria-busy={isPlaceholderData}>
        <section aria-labelledby="stats-totals">
          <h2 id="stats-totals" className={styles.sectionHeading}>
            {shown === 1 ? 'Today' : `The last ${shown} days`}
          </h2>
          <StatsTotals stats={stats} />
        </section>
        <section aria-labelledby="stats-days" className={styles.daySection}>
          <h2 id="stats-days" className={styles.sectionHeading}>
            Day by day
          </h2>
          <div className={styles.chartCard}>
            <StatsChart stats={stats} />
          </div>
          <StatsTable stats={stats} />
        </section>
      </div>
    )
  } else if (status === 'pending') {
    content = <Spinner label="Loading the statistics…" />
  } else {
    // A toast has said why.
    content = (
      <div>
        <p className="empty-text">The statistics could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    )
  }

  return (
    <main className="page">
      <header className={styles.top}>
        <div className={styles.titles}>
          <h1 className="page-header">{title}</h1>
          <p className={styles.listingName}>
            {listing && <Link to={listingPagePath(listing)}>{listing.name}</Link>}
          </p>
        </div>
        <div className={styles.period}>
          <p className={styles.loading} role="status">
            {isPlaceholderData ? 'Loading…' : ''}
          </p>
          <SegmentedControl
            label="Period"
            options={periods}
            value={days}
            onChange={onDays}
            className={styles.periodSwitch}
          />
        </div>
      </header>
      {content}
    </main>
  )
}
