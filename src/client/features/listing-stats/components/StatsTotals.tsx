// The period's totals, one card for each count with the similar homes' median beside it, and a
// line on how the views compare.
import { formatPrice } from '../../../../shared/format'
import { statsCountLabels, statsCounts, type ListingStats } from '../../../../shared/listing-stats'
import { comparedWithText, viewsHint } from './views-hint'
import styles from './StatsTotals.module.css'

export function StatsTotals({ stats }: { stats: ListingStats }) {
  const { totals, similar } = stats
  const compared = comparedWithText(stats)
  return (
    <div className={styles.totals}>
      <dl className={styles.cards}>
        {statsCounts.map((count) => (
          <div key={count} className={styles.card}>
            <dt className={styles.label}>{statsCountLabels[count]}</dt>
            <dd className={styles.total}>{formatPrice(totals[count])}</dd>
            {similar.medians && (
              <dd className={styles.similar}>
                Similar homes: {formatPrice(similar.medians[count])}
              </dd>
            )}
          </div>
        ))}
      </dl>
      <p className={styles.hint}>
        <strong>{viewsHint(stats)}</strong>
        {compared && <span className={styles.compared}>{compared}</span>}
      </p>
    </div>
  )
}
