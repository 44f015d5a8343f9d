// Moderation, for moderators only: the reported listings and the hidden ones, each with its reports
// and its owner, to hide, dismiss or show again. Anyone else finds no such page, as the server says.
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { ModerationListStatus } from '../../shared/report'
import { screens } from '../../shared/screens'
import { EmptyState } from '../components/EmptyState'
import { SegmentedControl } from '../components/SegmentedControl'
import { Spinner } from '../components/Spinner'
import { useModerationList } from '../features/moderation/api/moderation'
import { ReportedListingCard } from '../features/moderation/components/ReportedListingCard'
import { useDocumentTitle } from '../hooks/use-document-title'
import styles from './Moderation.module.css'
import NotFound from './NotFound'

const tabs = [
  ['open', 'Reported'],
  ['hidden', 'Hidden'],
] as const satisfies readonly (readonly [ModerationListStatus, string])[]

/** The list shown, kept in the address so that a reload or a shared link opens the same one. */
function useListStatus() {
  const [searchParams, setSearchParams] = useSearchParams()
  const status: ModerationListStatus = searchParams.get('status') === 'hidden' ? 'hidden' : 'open'
  const choose = (next: ModerationListStatus) =>
    setSearchParams(next === 'open' ? {} : { status: next }, { replace: true })
  return [status, choose] as const
}

export default function Moderation() {
  const [status, setStatus] = useListStatus()
  const { data, status: readStatus, refetch } = useModerationList(status)
  const heading = useRef<HTMLHeadingElement>(null)
  // Counted up after each action: the card acted on may leave the list, so the heading takes the
  // keyboard (once the dialog that had it is gone and has handed it back).
  const [actions, setActions] = useState(0)
  useEffect(() => {
    if (actions > 0) heading.current?.focus()
  }, [actions])
  useDocumentTitle(data === null ? undefined : screens.moderation.title)

  if (data === null) return <NotFound />

  let content
  if (readStatus === 'pending') {
    content = <Spinner label="Loading the listings…" />
  } else if (!data) {
    // A toast has said why.
    content = (
      <div>
        <p className="empty-text">The listings could not be loaded.</p>
        <button type="button" className="load-more" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    )
  } else if (data.items.length === 0) {
    content =
      status === 'open' ? (
        <EmptyState
          title="No reported listings"
          hint="When someone reports a listing, it shows here with their reasons."
        >
          <Link to={`${screens.moderation.path}?status=hidden`}>See the hidden listings</Link>
        </EmptyState>
      ) : (
        <EmptyState
          title="No hidden listings"
          hint="Listings you hide, and those hidden by several reports, show here."
        >
          <Link to={screens.moderation.path}>See the reported listings</Link>
        </EmptyState>
      )
  } else {
    content = (
      <ul className={styles.items}>
        {data.items.map((item) => (
          <li key={item.listing.id}>
            <ReportedListingCard item={item} onDone={() => setActions((count) => count + 1)} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <main className="page">
      <div className={styles.column}>
        <div className={styles.top}>
          <h1 className="page-header" ref={heading} tabIndex={-1}>
            {screens.moderation.title}
          </h1>
          <SegmentedControl
            label="Listings shown"
            options={tabs}
            value={status}
            onChange={setStatus}
          />
        </div>
        {content}
      </div>
    </main>
  )
}
