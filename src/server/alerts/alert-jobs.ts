// The alert jobs (queued by listing-alerts.ts): each reads what is true when it runs, sends its
// mail, and only then marks it sent, so a failed send is retried and a crash before the mark sends
// again rather than never. A saved-home mail is the exception: its weekly limit is claimed before
// the send (saved-home-mail-limits.ts) and given back if the send fails.
import { countNothing, type CountActivity } from '../listing-stats/count-activity.js'
import type { Kysely } from 'kysely'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { JobHandlers } from '../jobs/job-queue.js'
import { hasSaved } from '../favourites/favourites.queries.js'
import { listingStatusesNewestFirst } from '../listings/listing-statuses.queries.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { Database, SavedHomeMailKind } from '../db/schema.js'
import { unsubscribeUrl } from '../mail/mail-links.js'
import type { Mail, Mailer } from '../mail/mailer.js'
import { batches } from '../lib/batches.js'
import {
  listingClosedMail,
  listingsPerMail,
  priceCutMail,
  savedSearchAlertMail,
} from './alert-mails.js'
import {
  alertJobKinds,
  type ListingAlertQueue,
  type ListingClosedJob,
  type MatchListingJob,
  type PriceCutJob,
  type SavedSearchAlertJob,
} from './listing-alerts.js'
import {
  claimSavedHomeMail,
  savedHomeMailIntervalMs,
  type SavedHomeMailClaim,
} from './saved-home-mail-limits.js'
import { mailOptedOut } from './mail-opt-outs.queries.js'
import type { UnsubscribeTokens } from '../mail/unsubscribe-token.js'
import { findSavedSearch } from '../saved-searches/saved-searches.queries.js'
import { userEmail } from '../users/users.queries.js'

/** The listings of a saved search's matches not yet mailed. */
export function pendingMatchesQuery(kysely: Kysely<Database>, savedSearchId: string) {
  return kysely
    .selectFrom('saved_search_match')
    .select('listingId')
    .where('savedSearchId', '=', savedSearchId)
    .where('settledAt', 'is', null)
}

export function createAlertJobs(deps: {
  db: Db
  listings: ListingQueries
  mailer: Mailer
  publicUrl: string
  unsubscribeTokens: UnsubscribeTokens
  listingAlerts: Pick<ListingAlertQueue, 'matchListing'>
  /** counts each listing an alert mail carried in its statistics */
  countActivity?: CountActivity
}): JobHandlers {
  const { db, listings, mailer, publicUrl, unsubscribeTokens, listingAlerts } = deps
  const { countActivity = countNothing } = deps
  const { kysely } = db

  /**
   * The saver's address, when they still have this listing saved, it is not their own, their
   * address is verified and they did not turn this kind of mail off.
   */
  async function saverEmail(
    listing: Listing,
    userId: string,
    kind: SavedHomeMailKind,
  ): Promise<string | undefined> {
    if (listing.userRef === userId) return undefined
    if (!(await hasSaved(db, userId, listing.id))) return undefined
    if (await mailOptedOut(db, userId, kind)) return undefined
    const user = await userEmail(db, userId)
    return user?.verified ? user.email : undefined
  }

  /** Sends a saved-home mail if its limits allow (saved-home-mail-limits.ts). */
  async function sendSavedHomeMail(claim: SavedHomeMailClaim, mail: Mail): Promise<void> {
    if (!claim.taken) return
    try {
      await mailer.send(mail)
    } catch (error) {
      await claim.release()
      throw error
    }
  }

  const savedHomesUnsubscribeUrl = (kind: SavedHomeMailKind, userId: string) =>
    unsubscribeUrl(publicUrl, `${kind}/${unsubscribeTokens.signSavedHomes(kind, userId)}`)

  async function savedSearchAlert(payload: unknown, now: number) {
    const { savedSearchId } = payload as SavedSearchAlertJob
    const search = await findSavedSearch(db, savedSearchId)
    // Deleted with its matches (they cascade): nothing to send.
    if (!search) return
    const matched = await pendingMatchesQuery(kysely, savedSearchId).execute()
    // Newest listing first; a listing deleted since is gone from both.
    const pending = await listingStatusesNewestFirst(
      kysely,
      matched.map((row) => row.listingId),
    )
    const owner = await userEmail(db, search.userId)
    // A listing closed since it matched is no news any more.
    const active = pending.filter((row) => row.status === 'active')
    // An address not verified may not be its owner's: its matches are settled unmailed, as when
    // alerts are off, so that verifying later brings no backlog.
    if (search.alerts !== 'off' && owner?.verified && active.length > 0) {
      const named: Listing[] = []
      for (const row of active.slice(0, listingsPerMail)) {
        const listing = await listings.get(row.id)
        if (listing) named.push(listing)
      }
      await mailer.send(
        savedSearchAlertMail({
          to: owner.email,
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
      for (const listing of named) await countActivity(listing.id, 'alertHits')
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

  async function priceCut(payload: unknown, now: number) {
    const { listingId, userId, previousPrice } = payload as PriceCutJob
    const listing = await listings.get(listingId)
    // Gone, closed, or back up to where it was: no cut to tell of.
    if (!listing || listing.status !== 'active' || effectivePrice(listing) >= previousPrice) return
    const kind = alertJobKinds.priceCut
    const to = await saverEmail(listing, userId, kind)
    if (!to) return
    const price = effectivePrice(listing)
    const claim = await claimSavedHomeMail(kysely, { userId, listingId, kind }, now, price)
    // A lower price than any mailed, held back by the week's limit: told of when the week is up.
    if (!claim.taken && (claim.lowestPrice === null || price < claim.lowestPrice)) {
      return { nextRunAt: claim.sentAt + savedHomeMailIntervalMs }
    }
    const unsubscribe = savedHomesUnsubscribeUrl(kind, userId)
    await sendSavedHomeMail(
      claim,
      priceCutMail({ to, publicUrl, listing, previousPrice, unsubscribeUrl: unsubscribe }),
    )
  }

  async function closed(payload: unknown, now: number) {
    const { listingId, userId } = payload as ListingClosedJob
    const listing = await listings.get(listingId)
    // Hidden or deleted, or back on the market (or expired after it) before the mail went.
    if (!listing || (listing.status !== 'sold' && listing.status !== 'rented')) return
    const kind = alertJobKinds.closed
    const to = await saverEmail(listing, userId, kind)
    if (!to) return
    // Closed again within the week: they were told it closed, and nothing of it reopening.
    const claim = await claimSavedHomeMail(kysely, { userId, listingId, kind }, now)
    const unsubscribe = savedHomesUnsubscribeUrl(kind, userId)
    await sendSavedHomeMail(
      claim,
      listingClosedMail({ to, publicUrl, listing, unsubscribeUrl: unsubscribe }),
    )
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
