// The alert jobs (queued by listing-alerts.ts): each reads what is true when it runs, sends its
// mail, and only then marks it sent, so a failed send is retried and a crash before the mark sends
// again rather than never.
import type { Kysely } from 'kysely'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobHandlers } from '../jobs/job-queue.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { Mailer } from '../mail/mailer.js'
import { batches } from '../media/s3-store.js'
import {
  listingClosedMail,
  listingsPerMail,
  priceCutMail,
  savedSearchAlertMail,
} from './alert-mails.js'
import {
  alertJobKinds,
  type ListingAlerts,
  type ListingClosedJob,
  type MatchListingJob,
  type PriceCutJob,
  type SavedSearchAlertJob,
} from './listing-alerts.js'
import type { UnsubscribeTokens } from './unsubscribe-token.js'

/** The page of the one-click unsubscribe link (alerts/unsubscribe.routes.ts). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`
}

/** A saved search's matches not yet mailed, newest listing first. */
export function pendingMatchesQuery(kysely: Kysely<Database>, savedSearchId: string) {
  return kysely
    .selectFrom('saved_search_match')
    .innerJoin('listing', 'listing.id', 'saved_search_match.listingId')
    .select(['listing.id', 'listing.status'])
    .where('saved_search_match.savedSearchId', '=', savedSearchId)
    .where('saved_search_match.settledAt', 'is', null)
    .orderBy('listing.timestamp', 'desc')
    .orderBy('listing.id', 'desc')
}

export function createAlertJobs(deps: {
  db: Db
  listings: ListingQueries
  mailer: Mailer
  publicUrl: string
  unsubscribeTokens: UnsubscribeTokens
  listingAlerts: ListingAlerts
}): JobHandlers {
  const { db, listings, mailer, publicUrl, unsubscribeTokens, listingAlerts } = deps
  const { kysely } = db

  /** The saver's address, when they still have this listing saved and it is not their own. */
  async function saverEmail(
    trx: Kysely<Database>,
    listing: Listing,
    userId: string,
  ): Promise<string | undefined> {
    if (listing.userRef === userId) return undefined
    const row = await trx
      .selectFrom('favourite')
      .innerJoin('user', 'user.id', 'favourite.userId')
      .select('user.email')
      .where('favourite.userId', '=', userId)
      .where('favourite.listingId', '=', listing.id)
      .executeTakeFirst()
    return row?.email
  }

  async function savedSearchAlert(payload: unknown, now: number) {
    const { savedSearchId } = payload as SavedSearchAlertJob
    const search = await kysely
      .selectFrom('saved_search')
      .innerJoin('user', 'user.id', 'saved_search.userId')
      .select(['saved_search.name', 'saved_search.query', 'saved_search.alerts', 'user.email'])
      .where('saved_search.id', '=', savedSearchId)
      .executeTakeFirst()
    // Deleted with its matches (they cascade): nothing to send.
    if (!search) return
    const pending = await pendingMatchesQuery(kysely, savedSearchId).execute()
    // A listing closed since it matched is no news any more.
    const active = pending.filter((row) => row.status === 'active')
    if (search.alerts !== 'off' && active.length > 0) {
      const named: Listing[] = []
      for (const row of active.slice(0, listingsPerMail)) {
        const listing = await listings.get(row.id)
        if (listing) named.push(listing)
      }
      await mailer.send(
        savedSearchAlertMail({
          to: search.email,
          publicUrl,
          search: {
            name: search.name,
            query: JSON.parse(search.query) as Record<string, string>,
            alerts: search.alerts,
          },
          listings: named,
          total: active.length,
          unsubscribeUrl: unsubscribeUrl(publicUrl, unsubscribeTokens.sign(savedSearchId)),
        }),
      )
    }
    for (const ids of batches(
      pending.map((row) => row.id),
      500,
    )) {
      await kysely
        .updateTable('saved_search_match')
        .set({ settledAt: now })
        .where('savedSearchId', '=', savedSearchId)
        .where('listingId', 'in', ids)
        .execute()
    }
  }

  async function priceCut(payload: unknown) {
    const { listingId, userId, previousPrice } = payload as PriceCutJob
    const listing = await listings.get(listingId)
    // Gone, closed, or back up to where it was: no cut to tell of.
    if (!listing || listing.status !== 'active' || effectivePrice(listing) >= previousPrice) return
    const to = await saverEmail(kysely, listing, userId)
    if (to) await mailer.send(priceCutMail({ to, publicUrl, listing, previousPrice }))
  }

  async function closed(payload: unknown) {
    const { listingId, userId } = payload as ListingClosedJob
    const listing = await listings.get(listingId)
    // Deleted, or back on the market before the mail went.
    if (!listing || listing.status === 'active') return
    const to = await saverEmail(kysely, listing, userId)
    if (to) await mailer.send(listingClosedMail({ to, publicUrl, listing }))
  }

  async function matchListing(payload: unknown, now: number) {
    const listing = await listings.get((payload as MatchListingJob).listingId)
    // Deleted before its turn: nobody is told of it.
    if (listing) await listingAlerts.matchListing(listing, now)
  }

  return {
    [alertJobKinds.match]: matchListing,
    [alertJobKinds.savedSearch]: savedSearchAlert,
    [alertJobKinds.priceCut]: priceCut,
    [alertJobKinds.closed]: closed,
  }
}
