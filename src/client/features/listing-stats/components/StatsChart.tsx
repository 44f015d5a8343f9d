// A listing's days as a chart: views as a line above, saves, messages and viewings booked as
// stacked bars below, each with its own scale, so that a few saves show beside many views. The
// drawing stretches to any width (preserveAspectRatio none, strokes that do not scale); the text
// around it is HTML at its own size, so that it reads the same on a phone and a desktop.
import type { ListingStats, ListingStatsDay } from '../../../../shared/listing-stats'
import { statsCountLabels } from '../../../../shared/listing-stats'
import { formatCount, formatPrice } from '../../../../shared/format'
import { chartSummary } from './chart-summary'
import { countScale, dayTicks } from './chart-scale'
import { dayWithWeekday, shortDay } from './stats-dates'
import styles from './StatsChart.module.css'

/**
 * Where each part sits, in percent of the chart's height (the drawing's own units); the text's
 * places in StatsChart.module.css follow them.
 */
const views = { top: 10, bottom: 56 }
const actions = { top: 72, bottom: 100 }

/** The bars, bottom up, each with its colour's class and its words for one and for many. */
const bars = [
  { count: 'saves', className: styles.saves, one: 'save', many: 'saves' },
  { count: 'conversations', className: styles.messages, one: 'message', many: 'messages' },
  { count: 'bookings', className: styles.bookings, one: 'viewing booked', many: 'viewings booked' },
] as const

/** Dots on the line while they stand apart; hover texts on each day's column in any case. */
const maxDotDays = 31

/** The last date ends at the chart's right edge, the first starts at its left; the others centre. */
function dateClass(index: number, count: number, dates: number[], onPhones: Set<number>) {
  if (!dates.includes(index)) return undefined
  const edge = index === count - 1 ? styles.lastDate : index === 0 ? styles.firstDate : styles.date
  return onPhones.has(index) ? edge : `${edge} ${styles.wideOnly}`
}

const dayText = (day: ListingStatsDay) =>
  `${dayWithWeekday(day.date)}: ${[
    formatCount(day.views, 'view', 'views'),
    ...bars.map(({ count, one, many }) => formatCount(day[count], one, many)),
  ].join(', ')}`

export function StatsChart({ stats }: { stats: ListingStats }) {
  const { days } = stats
  const count = days.length
  const viewScale = countScale(Math.max(0, ...days.map((day) => day.views)), 4)
  const actionScale = countScale(
    Math.max(0, ...days.map((day) => day.saves + day.conversations + day.bookings)),
    2,
  )
  const panelY = (panel: typeof views, scale: typeof viewScale, value: number) =>
    panel.bottom - (value / scale.top) * (panel.bottom - panel.top)
  const viewY = (value: number) => panelY(views, viewScale, value)
  const actionY = (value: number) => panelY(actions, actionScale, value)
  const middle = (index: number) => index + 0.5
  // About seven dates on a desktop; every other one of them on a phone.
  const dates = dayTicks(count, 7)
  const datesOnPhones = new Set(dates.filter((_, index) => (dates.length - 1 - index) % 2 === 0))

  const gridlines = [
    ...viewScale.ticks.map((tick) => ({ key: `views-${tick}`, tick, y: viewY(tick) })),
    ...actionScale.ticks.map((tick) => ({ key: `actions-${tick}`, tick, y: actionY(tick) })),
  ]
  return (
    <div className={styles.chart}>
      <svg
        className={styles.drawing}
        viewBox={`0 0 ${count} 100`}
        preserveAspectRatio="none"
        width="100%"
        height="100%"
        role="img"
        aria-label={chartSummary(stats)}
      >
        {gridlines.map(({ key, tick, y }) => (
          <line
            key={key}
            className={tick === 0 ? styles.baseline : styles.gridline}
            x1={0}
            x2={count}
            y1={y}
            y2={y}
          />
        ))}
        {days.map((day, index) => (
          <rect key={day.date} className={styles.column} x={index} width={1} y={0} height={100}>
            <title>{dayText(day)}</title>
          </rect>
        ))}
        {days.map((day, index) => {
          let below = 0
          return bars.map(({ count: name, className, one, many }) => {
            const value = day[name]
            if (value === 0) return null
            const y = actionY(below + value)
            const height = actionY(below) - y
            below += value
            return (
              <rect
                key={`${day.date}-${name}`}
                className={className}
                x={index + 0.2}
                width={0.6}
                y={y}
                height={height}
              >
                <title>{`${dayWithWeekday(day.date)}: ${formatCount(value, one, many)}`}</title>
              </rect>
            )
          })
        })}
        <polyline
          className={styles.line}
          points={days.map((day, index) => `${middle(index)},${viewY(day.views)}`).join(' ')}
        />
        {count <= maxDotDays &&
          days.map((day, index) => (
            <path
              key={day.date}
              className={styles.dot}
              d={`M${middle(index)} ${viewY(day.views)}h0`}
            >
              <title>{`${dayWithWeekday(day.date)}: ${formatCount(day.views, 'view', 'views')}`}</title>
            </path>
          ))}
      </svg>
      {/* Placed by classes alone: the pages' CSP allows no style attributes. */}
      <div className={styles.text} aria-hidden="true">
        <p className={`${styles.caption} ${styles.viewsCaption}`}>
          <span className={`${styles.key} ${styles.lineKey}`} />
          {statsCountLabels.views}
        </p>
        <p className={`${styles.caption} ${styles.actionsCaption}`}>
          {bars.map(({ count: name, className }) => (
            <span key={name} className={styles.keyItem}>
              <span className={`${styles.key} ${className}`} />
              {statsCountLabels[name]}
            </span>
          ))}
        </p>
        {/* Evenly spaced like the gridlines, the highest first. */}
        {[
          { part: styles.viewCounts, ticks: viewScale.ticks },
          { part: styles.actionCounts, ticks: actionScale.ticks },
        ].map(({ part, ticks }) => (
          <span key={part} className={`${styles.counts} ${part}`}>
            {[...ticks].reverse().map((tick) => (
              <span key={tick}>{formatPrice(tick)}</span>
            ))}
          </span>
        ))}
        {/* A cell under each day, the dated ones holding their date. */}
        <span className={styles.dates}>
          {days.map((day, index) => (
            <span key={day.date} className={dateClass(index, count, dates, datesOnPhones)}>
              {dates.includes(index) ? shortDay(day.date) : ''}
            </span>
          ))}
        </span>
      </div>
    </div>
  )
}
