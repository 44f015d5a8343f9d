// Owners' statistics (docs/decisions/059-listing-statistics.md): what is counted per listing and
// day, how an owner reads it, and how it compares with similar homes.
import {
  similarHomes,
  statsDays,
  statsCounts,
  type ListingStats,
  type StatsCounts,
  type WeekViews,
} from '../../shared/listing-stats.js'
import { addDays, utcDay } from '../../shared/calendar-date.js'
import type { Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { JobQueue } from '../jobs/job-queue.js'
import type { Mailer } from '../mail/mailer.js'
import type { UnsubscribeTokens } from '../mail/unsubscribe-token.js'
import { createStatsMails } from './stats-mail-jobs.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import { listingOwners, ownListings } from '../listings/listing-owners.queries.js'
import { similarListingIds } from '../listings/similar-listings.queries.js'
import { createListingStatsQueries, zeroCounts } from './listing-stats.queries.js'
import type { CountActivity } from './count-activity.js'
import { createViewCounter, type Visitor } from './view-counter.js'

export function createListingStats(deps: {
  db: Db
  listings: Pick<ListingQueries, 'get'>
  jobs: JobQueue
  mailer: Mailer
  publicUrl: string
  unsubscribeTokens: UnsubscribeTokens
  signedInUserId(cookie: string): Promise<string | undefined>
  clientAddress(visitor: Visitor): string
  now: () => number
}) {
  const { db, now } = deps
  const queries = createListingStatsQueries(db.kysely)
  const views = createViewCounter({
    queries,
    listingOwners: (ids) => listingOwners(db.kysely, ids),
    signedInUserId: deps.signedInUserId,
    clientAddress: deps.clientAddress,
    now,
  })
  const mails = createStatsMails({ ...deps, queries })

  const countActivity: CountActivity = async (listingId, count) => {
    try {
      await queries.add(listingId, utcDay(now()), count)
    } catch (error) {
      console.error(`The ${count} of listing ${listingId} were not counted:`, error)
    }
  }

  /** The listing's statistics of the last `days` days, today last, beside similar homes'. */
  async function read(listing: Listing, days: number): Promise<ListingStats> {
    const to = utcDay(now())
    const from = addDays(to, 1 - days)
    const counted = await queries.daysOf(listing.id, from, to)
    const totals = zeroCounts()
    const dayList = Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index)
      const counts = counted.get(date) ?? zeroCounts()
      for (const count of statsCounts) totals[count] += counts[count]
      return { date, ...counts }
    })
    const similarIds = await similarListingIds(db, listing, similarHomes)
    const similarTotals = await queries.totalsOf(similarIds, from, to)
    return {
      days: dayList,
      totals,
      similar: { listings: similarIds.length, medians: medians(similarTotals) },
    }
  }

  /** The listing, of any status, when `userId` owns it. */
  async function ownListing(listingId: string, userId: string): Promise<Listing | undefined> {
    const listing = await deps.listings.get(listingId, { withHidden: true })
    return listing?.userRef === userId ? listing : undefined
  }

  /** The listing and its statistics of the default period, when `userId` owns it. */
  async function readOwn(listingId: string, userId: string) {
    const listing = await ownListing(listingId, userId)
    return listing && { listing, stats: await read(listing, statsDays.default) }
  }

  /** The views of each of the user's listings over the last 7 days, today included. */
  async function weekViews(userId: string): Promise<WeekViews> {
    const to = utcDay(now())
    const ids = (await ownListings(db.kysely, userId)).map((listing) => listing.id)
    const totals = await queries.totalsOf(ids, addDays(to, -6), to)
    return { views: Object.fromEntries(ids.map((id, index) => [id, totals[index]!.views])) }
  }

  return {
    views,
    countActivity,
    ownListing,
    read,
    readOwn,
    weekViews,
    /** Queues the Monday mail's job, once per database. */
    queueMails: mails.queue,
    jobHandlers: mails.jobHandlers,
  }
}

export type ListingStatsFeature = ReturnType<typeof createListingStats>

/** The median of each count; null for no listings. */
export function medians(totals: StatsCounts[]): StatsCounts | null {
  if (totals.length === 0) return null
  const result = zeroCounts()
  for (const count of statsCounts) {
    const sorted = totals.map((total) => total[count]).sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    result[count] =
      sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  }
  return result
}
