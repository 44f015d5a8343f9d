// What a list shows while its first page loads: cards of the real cards' size, so that nothing
// moves when the listings replace them, with the spec's spinner in the first.
import styles from './ListingCard.module.css'
import { Spinner } from '../../../components/Spinner'

/** Enough to fill the first screen at every width (three rows of the widest grid). */
const skeletonCount = 6

export function ListingCardSkeletons({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="card-grid">
      {Array.from({ length: skeletonCount }, (_, index) => (
        <ListingCardSkeleton key={index} spinner={index === 0} label={label} />
      ))}
    </div>
  )
}

function ListingCardSkeleton({ spinner, label }: { spinner: boolean; label: string }) {
  return (
    <div className={`${styles.card} ${styles.skeleton}`}>
      <div className={styles.media}>
        {spinner && <Spinner label={label} className={styles.skeletonSpinner} />}
      </div>
      <div className={styles.details}>
        <div className={styles.price}>
          <span className={styles.bar} />
        </div>
        <div className={styles.skeletonName}>
          <span className={styles.bar} />
          <span className={styles.bar} />
        </div>
        <div className={styles.location}>
          <span className={styles.bar} />
        </div>
        <div className={styles.rooms}>
          <span className={styles.bar} />
        </div>
        <div className={styles.facts}>
          <span className={styles.bar} />
        </div>
      </div>
    </div>
  )
}
