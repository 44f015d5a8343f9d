// When a message was sent, as the inbox and the conversation say it: '2 min ago' and '2:05 PM'.

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`

/** The date alone, with the year when it is not this one: 'Nov 19', 'Nov 19, 2025'. */
function formatDate(at: Date, now: Date, timeZone?: string): string {
  const year = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(date)
  const sameYear = year(at) === year(now)
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(!sameYear && { year: 'numeric' }),
    timeZone,
  }).format(at)
}

/**
 * How long ago, for the inbox: 'just now', '2 min ago', '3 hours ago', '2 days ago', and after a
 * week the date. A time ahead of this clock (another machine's) is 'just now'.
 */
export function formatTimeAgo(at: Date, now: Date, timeZone?: string): string {
  const elapsed = now.getTime() - at.getTime()
  if (elapsed < minute) return 'just now'
  if (elapsed < hour) return `${Math.floor(elapsed / minute)} min ago`
  if (elapsed < day) return plural(Math.floor(elapsed / hour), 'hour')
  if (elapsed < 7 * day) return plural(Math.floor(elapsed / day), 'day')
  return formatDate(at, now, timeZone)
}

/** A message's time in the conversation: '2:05 PM' today, else with its date: 'Nov 19, 2:05 PM'. */
export function formatMessageTime(at: Date, now: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone })
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone }).format(date)
  if (dayOf(at) === dayOf(now)) return time.format(at)
  return `${formatDate(at, now, timeZone)}, ${time.format(at)}`
}
