// A listing's statistics as its owner reads them: GET /api/listings/:id/stats?days= and the
// statistics screen (docs/decisions/059-listing-statistics.md).
import { z } from 'zod'

/** What is counted per listing and UTC day, in the order the screen shows it. */
export const statsCounts = ['views', 'saves', 'conversations', 'bookings', 'alertHits'] as const
export type StatsCount = (typeof statsCounts)[number]
export type StatsCounts = Record<StatsCount, number>

/** How each count is named on screen and in the weekly mail. */
export const statsCountLabels: Record<StatsCount, string> = {
  views: 'Views',
  saves: 'Saves',
  conversations: 'Messages',
  bookings: 'Viewings booked',
  alertHits: 'In alert mails',
}

export interface ListingStatsDay extends StatsCounts {
  /** a UTC day, `YYYY-MM-DD` */
  date: string
}

/** The days the screen offers; the API takes any whole number from 1 to 90. */
export const statsDayChoices = [7, 30, 90] as const
export const statsDays = { min: 1, max: 90, default: 30 } as const

/** Similar homes: active, the same type (rent or sale), within 5 km, price within ±30%. */
export const similarHomes = { radiusKm: 5, priceShare: 0.3, max: 200 } as const

export interface ListingStats {
  /** every day of the period, oldest first, today (UTC) last */
  days: ListingStatsDay[]
  totals: StatsCounts
  /**
   * The similar homes' totals over the same days: how many there are (the nearest `similarHomes.max`
   * at most) and the median of each count, null when there are none.
   */
  similar: { listings: number; medians: StatsCounts | null }
}

/** `?days=` of GET /api/listings/:id/stats: a whole number from 1 to 90, 30 when absent. */
export const statsDaysSchema = z.object({
  days: z.coerce
    .number({ error: 'Enter a whole number of days' })
    .int('Enter a whole number of days')
    .min(statsDays.min, `At least ${statsDays.min} day`)
    .max(statsDays.max, `At most ${statsDays.max} days`)
    .default(statsDays.default),
})

/** GET /api/listing-stats/week: the signed-in owner's listings' views of the last 7 days, by id. */
export interface WeekViews {
  views: Record<string, number>
}

/** The statistics screen of a listing. */
export function listingStatsPath(listingId: string): string {
  return `/listing-stats/${encodeURIComponent(listingId)}`
}
