// Every day of the period in a table, newest first: the chart's figures for screen readers, for
// a page read without scripts, and for anyone who wants the exact numbers.
import { formatPrice } from '../../../../shared/format'
import { statsCountLabels, statsCounts, type ListingStats } from '../../../../shared/listing-stats'
import { shortDay, weekday } from './stats-dates'
import styles from './StatsTable.module.css'

export function StatsTable({ stats }: { stats: ListingStats }) {
  const { days, totals } = stats
  const caption = `Each of the last ${days.length} days, newest first`
  return (
    // A region that scrolls sideways if the columns do not fit: reachable by keyboard.
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {statsCounts.map((count) => (
              <th key={count} scope="col">
                {statsCountLabels[count]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row">
                {/* Left out on phones, where the six columns need the room. */}
                <span className={styles.weekday}>{weekday(day.date)} </span>
                {shortDay(day.date)}
              </th>
              {statsCounts.map((count) => (
                <td key={count}>{formatPrice(day[count])}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {statsCounts.map((count) => (
              <td key={count}>{formatPrice(totals[count])}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
