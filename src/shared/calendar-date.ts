// A calendar date as `YYYY-MM-DD`: a listing's `availableFrom` and the search's `availableBy`.
// A module of its own, free of zod, so that the search parser need not load the listing form's schemas.

/** A calendar date as `YYYY-MM-DD`, one that exists (no 31 April). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1900 &&
    year <= 2200 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

const dayMs = 24 * 60 * 60_000

/** The UTC day of a time in ms, as `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The calendar date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return utcDay(Date.parse(`${date}T00:00:00Z`) + days * dayMs)
}
