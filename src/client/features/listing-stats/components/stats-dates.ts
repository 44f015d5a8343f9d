// The statistics' days (UTC `YYYY-MM-DD`) as the screen writes them, the same on the server that
// renders it and in any browser's time zone.

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const weekdayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' })
const weekdayDayMonth = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)

/** '2026-11-12' → '12 Nov': under the chart, and in the table after the weekday. */
export const shortDay = (date: string) => dayMonth.format(utcDay(date))

/** '2026-11-12' → 'Thu' */
export const weekday = (date: string) => weekdayName.format(utcDay(date))

/** '2026-11-12' → 'Thu 12 Nov': the chart's hover texts and its summary. */
export const dayWithWeekday = (date: string) => weekdayDayMonth.format(utcDay(date))
