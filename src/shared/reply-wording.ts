// The words a landlord's page uses for their reply figures and their account's age.

const minute = 1
const hour = 60 * minute
const day = 24 * hour

/** Each bucket's upper bound in minutes, with what it says; a median is rounded up to one. */
const replyTimeBuckets: [upTo: number, text: string][] = [
  [15 * minute, 'within 15 minutes'],
  [30 * minute, 'within 30 minutes'],
  [hour, 'within an hour'],
  [2 * hour, 'within 2 hours'],
  [3 * hour, 'within 3 hours'],
  [6 * hour, 'within 6 hours'],
  [12 * hour, 'within 12 hours'],
  [day, 'within a day'],
  [2 * day, 'within 2 days'],
  [3 * day, 'within a few days'],
  [7 * day, 'within a week'],
]

/** 95 → 'Usually replies within 2 hours': the median reply time, rounded up to a friendly bucket. */
export function replyTimeText(medianMinutes: number): string {
  const bucket = replyTimeBuckets.find(([upTo]) => medianMinutes <= upTo)
  return bucket ? `Usually replies ${bucket[1]}` : 'Usually replies after more than a week'
}

/** 0.8 → 'Replies to 80% of messages'. */
export function replyShareText(share: number): string {
  return `Replies to ${Math.round(share * 100)}% of messages`
}

const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-03-14' → 'Member since March 2026'. */
export function memberSinceText(memberSince: string): string {
  return `Member since ${monthYear.format(new Date(`${memberSince}T00:00:00Z`))}`
}
