// What a listing write means for the people who follow homes, queued inside the write's own
// transaction so that nothing is lost: a new listing's matching against the saved searches (each
// match recorded once, ever), a saved home's price cut or close (a mail to each saver).
import { sql, type Kysely } from 'kysely'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import { listingFilterSchema } from '../../shared/listing-query-schema.js'
import { noPriceBound } from '../db/migrations/011-alerts.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobQueue, NewJob } from '../jobs/job-queue.js'
import { batches } from '../media/s3-store.js'
import { listingMatchesFilter, listingWords } from './listing-matches-filter.js'
import { placeCell, wordStarts } from './search-place.js'

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

/** A stored query; one that is not JSON (written by hand, say) matches nothing rather than failing the create. */
function parseQuery(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A daily digest goes out at the time of day the search was saved, the first such time after now. */
export function nextDigestAt(savedAt: number, now: number): number {
  return savedAt + (Math.floor((now - savedAt) / dayMs) + 1) * dayMs
}

/**
 * The saved searches with alerts that a listing of this type, price, place and words may match
 * (their own filters decide), other than its owner's: one index range per kind of place
 * (search-place.ts) — those whose word begins one of the listing's words, those whose box covers
 * its grid cell, those of no place — each narrowed by type and price.
 */
export function alertCandidatesQuery(
  kysely: Kysely<Database>,
  listing: Pick<Listing, 'type' | 'userRef' | 'name' | 'location' | 'geolocation'> & {
    price: number
  },
  words: string[] = listingWords(listing),
) {
  const columns = ['id', 'userId', 'query', 'alerts', 'createdAt'] as const
  /** The index's own expressions (migrations 011 and 012), on either table's copy of the bounds. */
  const typeAndPrice = (table: 'saved_search' | 'cell') => {
    const column = (name: string) => sql.ref(`${table}.${name}`)
    return sql<boolean>`coalesce(${column('type')}, '') in (${listing.type}, '')
      and coalesce(${column('maxPrice')}, ${sql.lit(noPriceBound.max)}) >= ${listing.price}
      and coalesce(${column('minPrice')}, ${sql.lit(noPriceBound.min)}) <= ${listing.price}`
  }
  // A listing without words has no start to offer; '' is no search's word.
  const starts = wordStarts(words)
  const byWord = kysely
    .selectFrom('saved_search')
    .select(columns)
    .where('placeKind', '=', 'word')
    .where('placeWord', 'in', starts.length > 0 ? starts : [''])
    .where(typeAndPrice('saved_search'))
    .where('alerts', '<>', 'off')
    .where('userId', '<>', listing.userRef)
  const byCell = kysely
    .selectFrom('saved_search_cell as cell')
    .innerJoin('saved_search', 'saved_search.id', 'cell.savedSearchId')
    .select(columns.map((column) => `saved_search.${column}` as const))
    .where('cell.cell', '=', placeCell(listing.geolocation.lat, listing.geolocation.lng))
    .where(typeAndPrice('cell'))
    .where('saved_search.alerts', '<>', 'off')
    .where('saved_search.userId', '<>', listing.userRef)
  const anywhere = kysely
    .selectFrom('saved_search')
    .select(columns)
    .where('placeKind', '=', 'none')
    .where(typeAndPrice('saved_search'))
    .where('alerts', '<>', 'off')
    .where('userId', '<>', listing.userRef)
  return byWord.unionAll(byCell).unionAll(anywhere)
}

export function createListingAlerts(deps: { db: Db; jobs: JobQueue; alertDelaySeconds: number }) {
  const { db, jobs, alertDelaySeconds } = deps

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
      const matched = candidates.filter((search) => {
        const filter = listingFilterSchema.safeParse(parseQuery(search.query))
        return filter.success && listingMatchesFilter(listing, filter.data, wordsOnce)
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
