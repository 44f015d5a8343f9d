// The chart in one sentence, its accessible name: the table beneath it has every day.
import { formatCount } from '../../../../shared/format'
import type { ListingStats } from '../../../../shared/listing-stats'
import { dayWithWeekday } from './stats-dates'

/**
 * 'Views and actions per day over the last 30 days: 120 views, most on Thu 12 Nov (14); 3 saves,
 * 1 message and 0 viewings booked.'
 */
export function chartSummary({ days, totals }: ListingStats): string {
  const period = days.length === 1 ? 'today' : `the last ${days.length} days`
  let views = formatCount(totals.views, 'view', 'views')
  const busiest = days.reduce<ListingStats['days'][number] | undefined>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    undefined,
  )
  if (busiest && days.length > 1)
    views += `, most on ${dayWithWeekday(busiest.date)} (${busiest.views})`
  const actions = [
    formatCount(totals.saves, 'save', 'saves'),
    formatCount(totals.conversations, 'message', 'messages'),
    formatCount(totals.bookings, 'viewing booked', 'viewings booked'),
  ]
  return `Views and actions per day over ${period}: ${views}; ${actions[0]}, ${actions[1]} and ${actions[2]}.`
}
