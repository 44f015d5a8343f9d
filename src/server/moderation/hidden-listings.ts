// Hiding a listing and showing it again (`hidden_listing`): the listing's status becomes 'hidden',
// which takes it off every list, search, map and page but its owner's and the moderators'; what it
// was before is kept, to be set back. Its owner is mailed either way (hidden-listing-mail.ts).
import type { Kysely } from 'kysely'
import type { Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobQueue } from '../jobs/job-queue.js'
import { createListingQueries } from '../listings/listings.queries.js'
import type { MediaStore } from '../media/media-store.js'
import { hiddenListingMailKind, type HiddenListingMailJob } from './hidden-listing-mail.js'
import { createReportQueries } from './reports.queries.js'

/** A hide or unhide that cannot be done: the listing is gone, or not hidden. */
export class ModerationError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

export const moderationMessages = {
  notFound: 'Listing not found',
  notHidden: 'This listing is not hidden',
} as const

/** The hidden listings, the latest hidden first. */
export const hiddenListingsQuery = (kysely: Kysely<Database>, limit: number) =>
  kysely.selectFrom('hidden_listing').select('listingId').orderBy('hiddenAt', 'desc').limit(limit)

export function createHiddenListings(deps: {
  db: Db
  media: MediaStore
  jobs: JobQueue
  now: () => number
}) {
  const { db, media, jobs, now } = deps

  function mailOwner(trx: Kysely<Database>, listing: Listing, job: HiddenListingMailJob) {
    const at = now()
    return jobs.enqueue(
      trx,
      [
        {
          key: `${hiddenListingMailKind}:${listing.id}:${at}`,
          kind: hiddenListingMailKind,
          payload: job,
          runAt: at,
        },
      ],
      at,
    )
  }

  /**
   * Hides the listing with `reason`, which its owner reads; a hidden one keeps what it was before
   * and takes the new reason. `hiddenBy` is the moderator, null when reports hid it. A moderator's
   * decision closes the listing's reports; the reports' own hiding leaves them open for one.
   */
  async function hideIn(
    trx: Kysely<Database>,
    listingId: string,
    reason: string,
    hiddenBy: string | null,
  ): Promise<Listing> {
    const listings = createListingQueries(db, media, trx, now)
    const stored = await listings.getStored(listingId, { lock: true })
    if (!stored) throw new ModerationError(404, moderationMessages.notFound)
    const at = now()
    if (stored.status === 'hidden') {
      await trx
        .updateTable('hidden_listing')
        .set({ reason, hiddenBy, hiddenAt: at })
        .where('listingId', '=', listingId)
        .execute()
    } else {
      await trx
        .insertInto('hidden_listing')
        .values({ listingId, reason, previousStatus: stored.status, hiddenBy, hiddenAt: at })
        .execute()
      await listings.setStatus(listingId, 'hidden')
    }
    if (hiddenBy !== null) await createReportQueries(db, trx).close(listingId, at)
    const listing = (await listings.get(listingId, { withHidden: true }))!
    await mailOwner(trx, listing, { mail: 'hidden', listingId, reason })
    return listing
  }

  return {
    hide(listingId: string, reason: string, hiddenBy: string): Promise<Listing> {
      return db.kysely.transaction().execute((trx) => hideIn(trx, listingId, reason, hiddenBy))
    },

    /** Inside a report's transaction: the reports of enough people hide the listing at once. */
    hideReported(trx: Kysely<Database>, listingId: string, reason: string): Promise<Listing> {
      return hideIn(trx, listingId, reason, null)
    },

    /** Shows the listing again as it was before, and closes its reports. */
    async unhide(listingId: string): Promise<Listing> {
      return db.kysely.transaction().execute(async (trx) => {
        const listings = createListingQueries(db, media, trx, now)
        const stored = await listings.getStored(listingId, { lock: true })
        if (!stored) throw new ModerationError(404, moderationMessages.notFound)
        const hidden = await trx
          .deleteFrom('hidden_listing')
          .where('listingId', '=', listingId)
          .returning('previousStatus')
          .executeTakeFirst()
        if (stored.status !== 'hidden' || !hidden) {
          throw new ModerationError(409, moderationMessages.notHidden)
        }
        await listings.setStatus(listingId, hidden.previousStatus)
        await createReportQueries(db, trx).close(listingId, now())
        const listing = (await listings.get(listingId))!
        await mailOwner(trx, listing, { mail: 'shown', listingId })
        return listing
      })
    },

    /**
     * Closes the listing's reports as unfounded: a listing that reports alone hid is shown again;
     * one a moderator hid stays hidden.
     */
    async dismissReports(listingId: string): Promise<Listing> {
      const hiddenByReports = await db.kysely
        .selectFrom('hidden_listing')
        .select('listingId')
        .where('listingId', '=', listingId)
        .where('hiddenBy', 'is', null)
        .executeTakeFirst()
      if (hiddenByReports) return this.unhide(listingId)
      return db.kysely.transaction().execute(async (trx) => {
        const listings = createListingQueries(db, media, trx, now)
        if (!(await listings.getStored(listingId, { lock: true }))) {
          throw new ModerationError(404, moderationMessages.notFound)
        }
        await createReportQueries(db, trx).close(listingId, now())
        return (await listings.get(listingId, { withHidden: true }))!
      })
    },

    /** The hidden listings' ids, the latest hidden first. */
    async hiddenIds(limit: number): Promise<string[]> {
      const rows = await hiddenListingsQuery(db.kysely, limit).execute()
      return rows.map((row) => row.listingId)
    },
  }
}

export type HiddenListings = ReturnType<typeof createHiddenListings>
