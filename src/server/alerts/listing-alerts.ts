// What a listing write means for the people who follow homes, decided inside the write's own
// transaction so that nothing is lost: a new listing is matched against the saved searches and each
// match is recorded once, ever; a saved home's price cut or close queues a mail to each saver.
import { sql, type Kysely } from 'kysely'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import { listingFilterSchema } from '../../shared/listing-filter-schema.js'
import { noPriceBound } from '../db/alerts-migration.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobQueue, NewJob } from '../jobs/job-queue.js'
import { batches } from '../media/s3-store.js'
import { listingMatchesFilter } from './listing-matches-filter.js'

export const alertJobKinds = {
  savedSearch: 'saved-search-alert',
  priceCut: 'price-cut',
  closed: 'listing-closed',
} as const

export interface SavedSearchAlertJob {
  savedSearchId: string
}
export interface PriceCutJob {
  listingId: string
  userId: string
  /** what a buyer paid before the first cut not yet mailed */
  previousPrice: number
}
export interface ListingClosedJob {
  listingId: string
  userId: string
}

const dayMs = 24 * 60 * 60_000

/** A daily digest goes out at the time of day the search was saved, the first such time after now. */
export function nextDigestAt(savedAt: number, now: number): number {
  return savedAt + (Math.floor((now - savedAt) / dayMs) + 1) * dayMs
}

/**
 * The saved searches with alerts that a listing of this type and price may match (their own
 * filters decide), other than its owner's: a range of the index `saved_search_alert_candidates`.
 */
export function alertCandidatesQuery(
  kysely: Kysely<Database>,
  listing: Pick<Listing, 'type' | 'userRef'> & { price: number },
) {
  return kysely
    .selectFrom('saved_search')
    .select(['id', 'userId', 'query', 'alerts', 'createdAt'])
    .where('alerts', '<>', 'off')
    .where(sql<string>`coalesce("type", '')`, 'in', [listing.type, ''])
    .where(sql<number>`coalesce("maxPrice", ${sql.lit(noPriceBound.max)})`, '>=', listing.price)
    .where(sql<number>`coalesce("minPrice", ${sql.lit(noPriceBound.min)})`, '<=', listing.price)
    .where('userId', '<>', listing.userRef)
}

export function createListingAlerts(deps: { db: Db; jobs: JobQueue; alertDelaySeconds: number }) {
  const { jobs, alertDelaySeconds } = deps

  /** Everyone who saved the listing, but its owner. */
  async function savers(trx: Kysely<Database>, listing: Listing): Promise<string[]> {
    const rows = await trx
      .selectFrom('favourite')
      .select('userId')
      .where('listingId', '=', listing.id)
      .where('userId', '<>', listing.userRef)
      .execute()
    return rows.map((row) => row.userId)
  }

  return {
    /** A new listing, inside its insert's transaction: records its matches and queues their mails. */
    async listingCreated(trx: Kysely<Database>, listing: Listing, now = Date.now()) {
      if (listing.status !== 'active') return
      const candidates = await alertCandidatesQuery(trx, {
        ...listing,
        price: effectivePrice(listing),
      }).execute()
      const matched = candidates.filter((search) => {
        const filter = listingFilterSchema.safeParse(JSON.parse(search.query))
        return filter.success && listingMatchesFilter(listing, filter.data)
      })
      if (matched.length === 0) return
      for (const batch of batches(matched, 200)) {
        await trx
          .insertInto('saved_search_match')
          .values(
            batch.map((search) => ({
              savedSearchId: search.id,
              listingId: listing.id,
              matchedAt: now,
              settledAt: null,
            })),
          )
          .onConflict((conflict) => conflict.columns(['savedSearchId', 'listingId']).doNothing())
          .execute()
      }
      // One waiting mail per saved search: matches that come meanwhile join it.
      const mails: NewJob[] = matched.map((search) => ({
        key: `${alertJobKinds.savedSearch}:${search.id}`,
        kind: alertJobKinds.savedSearch,
        payload: { savedSearchId: search.id } satisfies SavedSearchAlertJob,
        runAt:
          search.alerts === 'daily'
            ? nextDigestAt(search.createdAt, now)
            : now + alertDelaySeconds * 1000,
      }))
      await jobs.enqueue(trx, mails, now)
    },

    /**
     * An edit, inside its transaction: when what a buyer pays went down, each saver gets a
     * 'Price cut' mail (one waiting mail per saver and listing; cuts that come meanwhile join it).
     */
    async listingUpdated(
      trx: Kysely<Database>,
      previous: Listing,
      current: Listing,
      now = Date.now(),
    ) {
      if (current.status !== 'active' || effectivePrice(current) >= effectivePrice(previous)) return
      const mails = (await savers(trx, current)).map((userId): NewJob => ({
        key: `${alertJobKinds.priceCut}:${current.id}:${userId}`,
        kind: alertJobKinds.priceCut,
        payload: {
          listingId: current.id,
          userId,
          previousPrice: effectivePrice(previous),
        } satisfies PriceCutJob,
        runAt: now,
      }))
      await jobs.enqueue(trx, mails, now)
    },

    /**
     * A listing marked sold or rented, inside the status change's transaction: each saver gets one
     * 'No longer available' mail (none if it is back on the market by the time it would go).
     */
    async listingClosed(trx: Kysely<Database>, listing: Listing, now = Date.now()) {
      if (listing.status === 'active') return
      const mails = (await savers(trx, listing)).map((userId): NewJob => ({
        key: `${alertJobKinds.closed}:${listing.id}:${userId}`,
        kind: alertJobKinds.closed,
        payload: { listingId: listing.id, userId } satisfies ListingClosedJob,
        runAt: now,
      }))
      await jobs.enqueue(trx, mails, now)
    },
  }
}

export type ListingAlerts = ReturnType<typeof createListingAlerts>
