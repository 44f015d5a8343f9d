// Viewing times for some demo listings, so that a new install shows the feature: an open house on
// the coming Saturday morning and two private viewings on the next weekday evenings, each in the
// listing's own time zone.
import { zonedTimeToUtc, zonedWallClock } from '../../shared/viewing-time.js'
import type { AppContext } from '../app.js'
import { listingTimeZone } from '../viewings/listing-time-zone.js'

const dayMs = 24 * 60 * 60 * 1000

/** The date `days` after `date` ('2026-12-14'), on the calendar alone. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day) + days * dayMs).toISOString().slice(0, 10)
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay()

export async function seedDemoViewings(
  context: Pick<AppContext, 'viewingSlots'>,
  listings: { id: string; lat: number; lng: number }[],
  now: number,
): Promise<void> {
  for (const listing of listings) {
    const timeZone = listingTimeZone(listing)
    const today = zonedWallClock(now, timeZone).date
    const days = Array.from({ length: 8 }, (_, k) => addDays(today, k + 1))
    const saturday = days.find((date) => weekday(date) === 6)!
    const evenings = days.filter((date) => weekday(date) >= 1 && weekday(date) <= 5).slice(0, 2)
    await context.viewingSlots.replace(
      { id: listing.id, timeZone },
      [
        { start: zonedTimeToUtc(saturday, '11:00', timeZone), minutes: 60, capacity: 8 },
        ...evenings.map((date) => ({
          start: zonedTimeToUtc(date, '18:00', timeZone),
          minutes: 30,
          capacity: 1,
        })),
      ],
      now,
    )
  }
}
