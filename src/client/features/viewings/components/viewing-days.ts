// /viewings lists bookings by day: each on the day its listing's clocks show, the zone its time is
// written in, so a viewing at 23:30 in Paris is not filed under the next day for a reader in Tokyo.
import type { BookingDetails } from '../../../../shared/viewing'
import { zonedWallClock } from '../../../../shared/viewing-time'

export interface ViewingDay {
  /** '2026-12-14' */
  date: string
  /** 'Monday 14 December' */
  heading: string
  /** soonest first */
  bookings: BookingDetails[]
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
})

/**
 * '2026-12-14' → 'Monday 14 December'; the year is added when it is not `currentYear`. Put together
 * from its parts: ICU puts a comma after the weekday once there is a year, and not in every version.
 */
export function viewingDayHeading(date: string, currentYear: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const parts = dayFormat.formatToParts(Date.UTC(year, month - 1, day))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? ''
  const heading = `${part('weekday')} ${part('day')} ${part('month')}`
  return year === currentYear ? heading : `${heading} ${year}`
}

/** The bookings by day, the earliest day first. */
export function viewingDays(bookings: BookingDetails[], currentYear: number): ViewingDay[] {
  const byDate = new Map<string, BookingDetails[]>()
  for (const booking of bookings) {
    const { date } = zonedWallClock(Date.parse(booking.start), booking.timeZone)
    byDate.set(date, [...(byDate.get(date) ?? []), booking])
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, ofDay]) => ({
      date,
      heading: viewingDayHeading(date, currentYear),
      bookings: ofDay.sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    }))
}
