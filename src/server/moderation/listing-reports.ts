// A report of a listing, by a person or by the server itself: stored once per reporter and
// listing, and the listing hidden at once when enough different people with a verified address
// reported it (until a moderator looks).
import type { Db } from '../db/database.js'
import { createListingQueries } from '../listings/listings.queries.js'
import type { MediaStore } from '../media/media-store.js'
import { reportLimits, type Report } from '../../shared/report.js'
import type { HiddenListings } from './hidden-listings.js'
import { createReportQueries, type NewReport } from './reports.queries.js'

/** Why the listing could not be reported: a status and the error response's words. */
export class ReportError extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

export const reportMessages = {
  notFound: 'Listing not found',
  own: 'This is your own listing: you cannot report it',
  hidden: 'This listing is hidden already: a moderator is looking at it',
  already: 'You have reported this listing already',
} as const

/** What the owner reads when the reports hid the listing. */
export const hiddenByReportsReason = `Reported by ${reportLimits.hideAt} people: hidden until a moderator looks at it`

export function createListingReports(deps: {
  db: Db
  media: MediaStore
  hiddenListings: HiddenListings
  now: () => number
}) {
  const { db, media, hiddenListings, now } = deps
  return {
    /**
     * The checks that come before the body is read, in the order of the API contract: no such
     * listing, then one's own.
     */
    async check(listingId: string, reporterId: string): Promise<void> {
      const stored = await createListingQueries(db, media).getStored(listingId)
      if (!stored) throw new ReportError(404, reportMessages.notFound)
      if (stored.userRef === reporterId) throw new ReportError(403, reportMessages.own)
    },

    /** Stores the report; the listing is hidden if it is the last of enough (see the module). */
    async add(report: NewReport): Promise<Report> {
      const at = now()
      await db.kysely.transaction().execute(async (trx) => {
        // Locked, so that reports arriving together on several servers are counted one by one.
        const stored = await createListingQueries(db, media, trx, now).getStored(report.listingId, {
          lock: true,
        })
        if (!stored) throw new ReportError(404, reportMessages.notFound)
        if (stored.userRef === report.reporterId) throw new ReportError(403, reportMessages.own)
        if (stored.status === 'hidden') throw new ReportError(409, reportMessages.hidden)
        const reports = createReportQueries(db, trx)
        if (!(await reports.add(report, at))) throw new ReportError(409, reportMessages.already)
        if ((await reports.verifiedReporters(report.listingId)) >= reportLimits.hideAt) {
          await hiddenListings.hideReported(trx, report.listingId, hiddenByReportsReason)
        }
      })
      const { reason, details } = report
      return { reason, ...(details !== undefined && { details }), at: new Date(at).toISOString() }
    },
  }
}

export type ListingReports = ReturnType<typeof createListingReports>
