// Viewing times in the listing's own time zone: entered as a wall-clock date and time there, stored
// as an instant (UTC), and shown with the zone named ('Sat 14 Dec, 10:00–10:30, Paris time'), so
// that a buyer abroad books the right hour. Intl does the zone rules, daylight saving included.

/** A formatter with `options` per time zone, made once each (formatters are slow to make). */
function formatsByZone(options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>()
  return (timeZone: string) => {
    let format = formats.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone })
      formats.set(timeZone, format)
    }
    return format
  }
}

/** The numeric wall-clock parts in a zone. */
const wallClockFormat = formatsByZone({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** The wall clock in `timeZone` at the instant `at` (ms), as numbers. */
function wallClockParts(at: number, timeZone: string) {
  const parts: Record<string, number> = {}
  for (const part of wallClockFormat(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const p = wallClockParts(at, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (at - (at % 1000))
}

/**
 * The instant (ms) when the clocks of `timeZone` show `date` ('2026-12-14') and `time` ('10:00').
 * A time the clocks skip when they go forward is read with the offset before the change (02:30 on
 * the night of the change is 03:30); a time they show twice is the first of the two.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The offset a few hours either side settles both the gap and the overlap.
  const before = offsetAt(asUtc - 12 * 3600_000, timeZone)
  const after = offsetAt(asUtc + 12 * 3600_000, timeZone)
  const first = asUtc - before
  if (before === after) return first
  const second = asUtc - after
  // Whichever reading the clocks really show at its instant; in a gap, neither does.
  if (offsetAt(first, timeZone) === before) return first
  if (offsetAt(second, timeZone) === after) return second
  return first
}

/** The wall-clock date ('2026-12-14') and time ('10:00') of the instant `at` in `timeZone`. */
export function zonedWallClock(at: number, timeZone: string): { date: string; time: string } {
  const p = wallClockParts(at, timeZone)
  const two = (value: number) => String(value).padStart(2, '0')
  return {
    date: `${p.year}-${two(p.month)}-${two(p.day)}`,
    time: `${two(p.hour)}:${two(p.minute)}`,
  }
}

/** 'Europe/Paris' → 'Paris time'; a zone without a city ('Etc/GMT-3') → 'UTC+3'. */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC'
  const gmt = /^Etc\/GMT([+-])(\d+)$/.exec(timeZone)
  // The Etc zones' signs are POSIX's, the other way round from ISO's.
  if (gmt) return `UTC${gmt[1] === '+' ? '−' : '+'}${gmt[2]}`
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ')
  return `${city} time`
}

const dayFormat = formatsByZone({ weekday: 'short', day: 'numeric', month: 'short' })

/** 'Sat 14 Dec' in `timeZone`. */
export function formatViewingDay(at: number, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value ?? ''
  return `${part('weekday')} ${part('day')} ${part('month')}`
}

/** '10:00–10:30' in `timeZone`. */
export function formatViewingHours(start: number, minutes: number, timeZone: string): string {
  const from = zonedWallClock(start, timeZone).time
  const to = zonedWallClock(start + minutes * 60_000, timeZone).time
  return `${from}–${to}`
}

/** 'Sat 14 Dec, 10:00–10:30, Paris time': a slot as everyone reads it, in the listing's zone. */
export function formatViewingTime(
  start: number | string,
  minutes: number,
  timeZone: string,
): string {
  const at = typeof start === 'number' ? start : Date.parse(start)
  return `${formatViewingDay(at, timeZone)}, ${formatViewingHours(at, minutes, timeZone)}, ${timeZoneLabel(timeZone)}`
}
