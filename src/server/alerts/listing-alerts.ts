// What a listing write means for the people who follow homes, queued inside the write's own
// transaction so that nothing is lost: a new listing's matching against the saved searches (each
// match recorded once, ever), a saved home's price cut or close (a mail to each saver).
import type { Kysely } from 'kysely'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { listingSavers } from '../favourites/favourites.queries.js'
import type { JobQueue, NewJob } from '../jobs/job-queue.js'
import type { ListingAlerts } from '../listings/listing-alerts.js'
import type { PriceChange } from '../listings/price-history.queries.js'
import { batches } from '../lib/batches.js'
import { listingPlaceId } from '../places/places.queries.js'
import { alertCandidatesQuery, listingWords } from '../saved-searches/alert-candidates.queries.js'
import { readStoredSearch } from '../saved-searches/saved-searches.queries.js'
import { listingMatchesFilter } from './listing-matches-filter.js'

export const alertJobKinds = {
  match: 'match-listing',
  savedSearch: 'saved-search-alert',
  priceCut: 'price-cut',
  closed: 'listing-closed',
} as const

export interface MatchListingJob {
  listingId: string
}
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

export function createListingAlerts(deps: { db: Db; jobs: JobQueue; alertDelaySeconds: number }) {
  const { db, jobs, alertDelaySeconds } = deps

  return {
    /**
     * A new listing, inside its insert's transaction: queues its matching (below), so that a crash
     * after the commit loses nothing and the create does not wait for thousands of saved searches.
     */
    async listingCreated(trx: Kysely<Database>, listing: Listing, now = Date.now()) {
      if (listing.status !== 'active') return
      const match: NewJob = {
        key: `${alertJobKinds.match}:${listing.id}`,
        kind: alertJobKinds.match,
        payload: { listingId: listing.id } satisfies MatchListingJob,
        runAt: now,
      }
      await jobs.enqueue(trx, [match], now)
    },

    /**
     * Checks a new listing against the saved searches and records each match once, ever, with its
     * mail queued (one waiting mail per saved search: matches that come meanwhile join it).
     */
    async matchListing(listing: Listing, now: number) {
      if (listing.status !== 'active') return
      // Read before the write transaction: on SQLite that holds every other writer back.
      const words = listingWords(listing)
      const candidates = await alertCandidatesQuery(
        db.kysely,
        { ...listing, price: effectivePrice(listing) },
        words,
      ).execute()
      const wordsOnce = () => words
      const placeId = await listingPlaceId(db.kysely, listing.id)
      const matched = candidates.filter((search) => {
        const stored = readStoredSearch(search.query)
        return (
          stored !== undefined && listingMatchesFilter(listing, stored.filter, wordsOnce, placeId)
        )
      })
      if (matched.length === 0) return
      await db.kysely.transaction().execute(async (trx) => {
        const mails: NewJob[] = []
        for (const batch of batches(matched, 200)) {
          // Only the matches recorded now: a run again after a crash announces nothing twice.
          const recorded = await trx
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
            .returning('savedSearchId')
            .execute()
          const fresh = new Set(recorded.map((row) => row.savedSearchId))
          for (const search of batch.filter((search) => fresh.has(search.id))) {
            mails.push({
              key: `${alertJobKinds.savedSearch}:${search.id}`,
              kind: alertJobKinds.savedSearch,
              payload: { savedSearchId: search.id } satisfies SavedSearchAlertJob,
              runAt:
                search.alerts === 'daily'
                  ? nextDigestAt(search.createdAt, now)
                  : now + alertDelaySeconds * 1000,
            })
          }
        }
        await jobs.enqueue(trx, mails, now)
      })
    },

    /**
     * An edit, inside its transaction: when the price history recorded a drop of what a buyer
     * pays, each saver gets a 'Price cut' mail (one waiting mail per saver and listing; cuts that
     * come meanwhile join it).
     */
    async listingUpdated(
      trx: Kysely<Database>,
      current: Listing,
      priceChange: PriceChange | undefined,
      now = Date.now(),
    ) {
      if (current.status !== 'active' || !priceChange || priceChange.to >= priceChange.from) return
      const mails = (await listingSavers(trx, current)).map((userId): NewJob => ({
        key: `${alertJobKinds.priceCut}:${current.id}:${userId}`,
        kind: alertJobKinds.priceCut,
        payload: {
          listingId: current.id,
          userId,
          previousPrice: priceChange.from,
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
      if (listing.status !== 'sold' && listing.status !== 'rented') return
      const mails = (await listingSavers(trx, listing)).map((userId): NewJob => ({
        key: `${alertJobKinds.closed}:${listing.id}:${userId}`,
        kind: alertJobKinds.closed,
        payload: { listingId: listing.id, userId } satisfies ListingClosedJob,
        runAt: now,
      }))
      await jobs.enqueue(trx, mails, now)
    },
  } satisfies ListingAlerts & { matchListing(listing: Listing, now: number): Promise<void> }
}

/** The listing alerts, with the matching that the job `match-listing` runs. */
export type ListingAlertQueue = ReturnType<typeof createListingAlerts>
