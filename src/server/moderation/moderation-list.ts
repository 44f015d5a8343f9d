// What the moderators' page shows of each listing: the listing (hidden ones too), its open
// reports, its owner and the owner's other listings, to judge the report by.
import type { Db } from '../db/database.js'
import { createListingQueries } from '../listings/listings.queries.js'
import { readListingPage } from '../listings/read-listing-page.js'
import type { MediaStore } from '../media/media-store.js'
import { createUserQueries } from '../users/users.queries.js'
import {
  otherListingsShown,
  type ModerationListStatus,
  type Report,
  type ReportedListing,
} from '../../shared/report.js'
import type { HiddenListings } from './hidden-listings.js'
import { createReportQueries, openReportsQuery } from './reports.queries.js'

/** Listings on one page of the moderators' list: the most reported first. */
export const moderationPageSize = 50

export function createModerationList(deps: {
  db: Db
  media: MediaStore
  hiddenListings: HiddenListings
  now: () => number
}) {
  const { db, media, hiddenListings, now } = deps
  const listings = createListingQueries(db, media, db.kysely, now)
  const users = createUserQueries(db)
  const reports = createReportQueries(db)

  /** The open reports of each listing, oldest first. */
  async function openReports(listingIds: string[]): Promise<Map<string, Report[]>> {
    const byListing = new Map<string, Report[]>(listingIds.map((id) => [id, []]))
    if (listingIds.length === 0) return byListing
    for (const row of await openReportsQuery(db.kysely, listingIds).execute()) {
      const report: Report = {
        reason: row.reason,
        at: new Date(Number(row.createdAt)).toISOString(),
      }
      if (row.details !== null) report.details = row.details
      if (row.duplicateOf !== null && row.originalName !== null && row.originalType !== null) {
        report.duplicateOf = { id: row.duplicateOf, name: row.originalName, type: row.originalType }
      }
      byListing.get(row.listingId)!.push(report)
    }
    return byListing
  }

  async function item(listingId: string, reported: Report[]): Promise<ReportedListing | undefined> {
    const listing = await listings.get(listingId, { withHidden: true })
    const owner = listing && (await users.getOwn(listing.userRef))
    if (!listing || !owner) return undefined
    const { value: page } = await readListingPage(
      { db, media, now },
      { filter: { userRef: owner.id }, sort: 'newest', limit: otherListingsShown + 1 },
      { ownerAsking: true },
    )
    const otherListings = page.items
      .filter((other) => other.id !== listing.id)
      .slice(0, otherListingsShown)
    return {
      listing,
      reports: reported,
      count: reported.length,
      owner: { id: owner.id, name: owner.name, email: owner.email },
      otherListings,
    }
  }

  return {
    /** 'open': the listings with open reports, most reported first; 'hidden': the hidden ones. */
    async read(status: ModerationListStatus): Promise<ReportedListing[]> {
      const ids =
        status === 'open'
          ? await reports.reportedListings(moderationPageSize)
          : await hiddenListings.hiddenIds(moderationPageSize)
      const reported = await openReports(ids)
      const items = await Promise.all(ids.map((id) => item(id, reported.get(id)!)))
      return items.filter((found) => found !== undefined)
    },
  }
}

export type ModerationList = ReturnType<typeof createModerationList>
