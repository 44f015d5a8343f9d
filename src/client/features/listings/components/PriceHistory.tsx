// A listing's price history on its page, loaded only when its price has changed: a step chart of
// the price a buyer was asked, from its publication to today, and for screen readers a table of
// the same entries. Plain SVG: a chart library would cost more than the whole chart.
import { formatCompact, formatPrice } from '../../../../shared/format'
import type { PriceHistoryEntry } from '../../../../shared/listing'
import { useNow } from '../../../hooks/use-now'
import { usePriceHistory } from '../api/price-history'
import styles from './PriceHistory.module.css'

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const dateText = (at: string) => shortDate.format(new Date(at))

export default function PriceHistory({ listingId }: { listingId: string }) {
  const { data: entries } = usePriceHistory(listingId)
  // One entry is the price at publication alone: nothing has changed to show.
  if (!entries || entries.length < 2) return null
  return (
    <section className={styles.history} aria-labelledby="price-history">
      <h2 id="price-history" className={styles.heading}>
        Price history
      </h2>
      <StepChart entries={entries} />
      <table className="visually-hidden">
        <caption>Price history, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.at}>
              <td>{dateText(entry.at)}</td>
              <td>${formatPrice(entry.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

// The drawing's own units; the SVG scales to its box's width and keeps this shape.
// 400 wide: about a phone's width, so that its labels read at their size there.
const width = 400
const height = 170
const plot = { left: 60, right: 12, top: 14, bottom: 30 }
/** About the width of '12 Nov 2026' at the labels' size. */
const labelGap = 80

/** '$1,900' in full, '$381K' from $10,000 on: a label that fits beside the chart. */
const priceLabel = (price: number) =>
  `$${price < 10_000 ? formatPrice(price) : formatCompact(price)}`

/** Each price holds until the next change; the last one holds until today. */
function StepChart({ entries }: { entries: PriceHistoryEntry[] }) {
  const times = entries.map((entry) => Date.parse(entry.at))
  const start = times[0]!
  const end = Math.max(useNow(3_600_000).getTime(), times.at(-1)! + 1)
  const prices = entries.map((entry) => entry.price)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  // A little room above and below, so that no step lies on the frame.
  const margin = (high - low) * 0.15 || high * 0.05
  const [bottom, top] = [low - margin, high + margin]
  const x = (time: number) =>
    plot.left + ((time - start) / (end - start)) * (width - plot.left - plot.right)
  const y = (price: number) =>
    plot.top + ((top - price) / (top - bottom)) * (height - plot.top - plot.bottom)

  const steps = entries
    .map((entry, index) =>
      index === 0 ? `M${x(times[0]!)},${y(entry.price)}` : `H${x(times[index]!)}V${y(entry.price)}`,
    )
    .join('')
  // The date of each change under its step, where it does not run into the one before or 'Today'.
  const dateLabels: { at: string; left: number }[] = []
  for (const [index, entry] of entries.entries()) {
    const left = x(times[index]!)
    const previous = dateLabels.at(-1)
    // The first label starts at its step; the others are centred on theirs.
    const gap = dateLabels.length === 1 ? labelGap * 1.5 : labelGap
    if (previous && (left - previous.left < gap || x(end) - left < labelGap * 0.9)) continue
    dateLabels.push({ at: entry.at, left })
  }
  return (
    <svg className={styles.chart} viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
      {[high, low].map((price) => (
        <g key={price}>
          <line
            className={styles.grid}
            x1={plot.left}
            x2={width - plot.right}
            y1={y(price)}
            y2={y(price)}
          />
          <text
            className={styles.label}
            x={plot.left - 8}
            y={y(price)}
            textAnchor="end"
            dy="0.35em"
          >
            {priceLabel(price)}
          </text>
        </g>
      ))}
      <path className={styles.line} d={`${steps}H${x(end)}`} />
      {entries.map((entry, index) => (
        <circle
          key={entry.at}
          className={styles.point}
          cx={x(times[index]!)}
          cy={y(entry.price)}
          r={4}
        />
      ))}
      {dateLabels.map(({ at, left }, index) => (
        <text
          key={at}
          className={styles.label}
          x={left}
          y={height - 8}
          textAnchor={index === 0 ? 'start' : 'middle'}
        >
          {dateText(at)}
        </text>
      ))}
      <text className={styles.label} x={x(end)} y={height - 8} textAnchor="end">
        Today
      </text>
    </svg>
  )
}
