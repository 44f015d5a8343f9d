// The Monday mail of owners' statistics. A recurring job runs each Monday at 07:00 UTC, finds the
// owners whose listings had any activity the week before (Monday to Sunday), and queues one mail
// job per owner, keyed by owner and week, so that no owner gets a week's mail twice.
import { addDays, utcDay } from '../../shared/calendar-date.js'
import { statsCounts } from '../../shared/listing-stats.js'
import type { Db } from '../db/database.js'
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js'
import { listingOwners, ownListings } from '../listings/listing-owners.queries.js'
import type { Mailer } from '../mail/mailer.js'
import { unsubscribeUrl } from '../mail/mail-links.js'
import type { UnsubscribeTokens } from '../mail/unsubscribe-token.js'
import { choiceOff, userEmail } from '../users/users.queries.js'
import type { ListingStatsQueries } from './listing-stats.queries.js'
import { statsMail } from './stats-mail.js'

export const statsMailsJob = { key: 'listing-stats-mails', kind: 'listing-stats-mails' } as const
const mailJobKind = 'listing-stats-mail'
const hourMs = 60 * 60_000

interface StatsMailJob {
  userId: string
  /** the week's Monday and Sunday, `YYYY-MM-DD` */
  from: string
  until: string
}

/** The first Monday 07:00 UTC after `at`. */
export function nextMondayMorning(at: number): number {
  const day = Date.parse(`${utcDay(at)}T00:00:00Z`)
  const daysToMonday = (8 - new Date(day).getUTCDay()) % 7
  const monday = day + daysToMonday * 24 * hourMs + 7 * hourMs
  return monday > at ? monday : monday + 7 * 24 * hourMs
}

export function createStatsMails(deps: {
  db: Db
  jobs: JobQueue
  mailer: Mailer
  publicUrl: string
  unsubscribeTokens: UnsubscribeTokens
  queries: ListingStatsQueries
  now: () => number
}) {
  const { db, jobs, mailer, publicUrl, unsubscribeTokens, queries, now } = deps

  /** Every server calls this at start; only the first start of a database queues the job. */
  function queue(at = now()): Promise<void> {
    const { key, kind } = statsMailsJob
    return jobs.enqueueIfAbsent({ key, kind, payload: null, runAt: nextMondayMorning(at) }, at)
  }

  /** Queues a mail for each owner whose listings had activity in the week before `at`'s day. */
  async function queueMails(at: number): Promise<void> {
    const until = addDays(utcDay(at), -1)
    const from = addDays(until, -6)
    const owners = new Set<string>()
    for (let after = ''; ;) {
      const ids = await queries.activeListingIds(from, until, after, 500)
      if (ids.length === 0) break
      for (const owner of (await listingOwners(db.kysely, ids)).values()) owners.add(owner)
      after = ids.at(-1)!
    }
    const mails = [...owners].map((userId) => ({
      key: `${mailJobKind}:${userId}:${from}`,
      kind: mailJobKind,
      payload: { userId, from, until } satisfies StatsMailJob,
      runAt: at,
    }))
    await jobs.enqueue(db.kysely, mails, at)
  }

  async function sendMail(payload: unknown): Promise<void> {
    const { userId, from, until } = payload as StatsMailJob
    const owner = await userEmail(db, userId)
    if (!owner?.verified || (await choiceOff(db, userId, 'statsMail'))) return
    const own = await ownListings(db.kysely, userId)
    const totals = await queries.totalsOf(
      own.map((listing) => listing.id),
      from,
      until,
    )
    const listings = own.flatMap((listing, index) => {
      const counts = totals[index]!
      return statsCounts.some((count) => counts[count] > 0) ? [{ ...listing, totals: counts }] : []
    })
    if (listings.length === 0) return
    const token = `listing-stats/${unsubscribeTokens.signStatsMail(userId)}`
    await mailer.send(
      statsMail({
        to: owner.email,
        publicUrl,
        from,
        until,
        listings,
        unsubscribeUrl: unsubscribeUrl(publicUrl, token),
      }),
    )
  }

  const jobHandlers: JobHandlers = {
    async [statsMailsJob.kind](_payload, at) {
      await queueMails(at)
      return { nextRunAt: nextMondayMorning(at) }
    },
    [mailJobKind]: sendMail,
  }

  return { queue, jobHandlers }
}
