// Reports of listings (`listing_report`): people's, and the server's own when a listing's photo is
// another owner's. A report is open until a moderator hides the listing, dismisses its reports or
// shows it again.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { newId } from '../ids.js'
import type { ReportReason } from '../../shared/report.js'

export interface NewReport {
  listingId: string
  /** null for the server's own report */
  reporterId: string | null
  reason: ReportReason
  details?: string
  duplicateOf?: string
}

/** The open reports of a listing, oldest first, with the name of a copied photo's listing. */
export const openReportsQuery = (kysely: Kysely<Database>, listingIds: readonly string[]) =>
  kysely
    .selectFrom('listing_report')
    .leftJoin('listing as original', 'original.id', 'listing_report.duplicateOf')
    .select([
      'listing_report.listingId',
      'listing_report.reason',
      'listing_report.details',
      'listing_report.createdAt',
      'listing_report.duplicateOf',
      'original.name as originalName',
      'original.type as originalType',
    ])
    .where('listing_report.listingId', 'in', listingIds)
    .where('listing_report.closedAt', 'is', null)
    .orderBy('listing_report.createdAt')

/** The listings with open reports, most reported first (ties: the latest report first). */
export const reportedListingsQuery = (kysely: Kysely<Database>, limit: number) =>
  kysely
    .selectFrom('listing_report')
    .select((eb) => [
      'listingId',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('createdAt').as('latest'),
    ])
    .where('closedAt', 'is', null)
    .groupBy('listingId')
    .orderBy('count', 'desc')
    .orderBy('latest', 'desc')
    .limit(limit)

/** How many different people with a verified address have open reports of the listing. */
export const verifiedReportersQuery = (db: Db, kysely: Kysely<Database>, listingId: string) =>
  kysely
    .selectFrom('listing_report')
    .innerJoin('user', 'user.id', 'listing_report.reporterId')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('listing_report.listingId', '=', listingId)
    .where('listing_report.closedAt', 'is', null)
    .where('user.emailVerified', '=', db.bool(true))

export function createReportQueries(db: Db, kysely: Kysely<Database> = db.kysely) {
  return {
    /** Stores the report; false when this person reported the listing before. */
    async add(report: NewReport, now: number): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        insert into listing_report
          (id, "listingId", "reporterId", reason, details, "duplicateOf", "createdAt")
        values (${newId()}, ${report.listingId}, ${report.reporterId}, ${report.reason},
          ${report.details ?? null}, ${report.duplicateOf ?? null}, ${now})
        on conflict ("listingId", "reporterId") do nothing
        returning id`.execute(kysely)
      return rows.length === 1
    },

    /** Whether the server already reported the listing as a copy of `duplicateOf`. */
    async hasDuplicateReport(listingId: string, duplicateOf: string): Promise<boolean> {
      const row = await kysely
        .selectFrom('listing_report')
        .select('id')
        .where('listingId', '=', listingId)
        .where('duplicateOf', '=', duplicateOf)
        .executeTakeFirst()
      return row !== undefined
    },

    /** How many different people with a verified address have open reports of the listing. */
    async verifiedReporters(listingId: string): Promise<number> {
      const row = await verifiedReportersQuery(db, kysely, listingId).executeTakeFirstOrThrow()
      return Number(row.count)
    },

    /** The ids of the listings with open reports, most reported first. */
    async reportedListings(limit: number): Promise<string[]> {
      const rows = await reportedListingsQuery(kysely, limit).execute()
      return rows.map((row) => row.listingId)
    },

    /** Closes the listing's open reports. */
    async close(listingId: string, now: number): Promise<void> {
      await kysely
        .updateTable('listing_report')
        .set({ closedAt: now })
        .where('listingId', '=', listingId)
        .where('closedAt', 'is', null)
        .execute()
    },
  }
}

export type ReportQueries = ReturnType<typeof createReportQueries>
