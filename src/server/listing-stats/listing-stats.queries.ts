// The statistics tables (migration 028): counts per listing and day, and the day's salt and
// visitor hashes that count a visitor once a day.
import crypto from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { StatsCount, StatsCounts } from '../../shared/listing-stats.js'
import type { Database } from '../db/schema.js'
import { batches } from '../lib/batches.js'

export const zeroCounts = (): StatsCounts => ({
  views: 0,
  saves: 0,
  conversations: 0,
  bookings: 0,
  alertHits: 0,
})

/** A listing's counts of the days from `from` to `to` that have any. */
export const statDaysQuery = (
  kysely: Kysely<Database>,
  listingId: string,
  from: string,
  to: string,
) =>
  kysely
    .selectFrom('listing_stat')
    .select(['day', 'views', 'saves', 'conversations', 'bookings', 'alertHits'])
    .where('listingId', '=', listingId)
    .where('day', '>=', from)
    .where('day', '<=', to)

/** Each listing's sums from `from` to `to`, by the primary key (listing, day). */
export const statTotalsQuery = (
  kysely: Kysely<Database>,
  ids: readonly string[],
  from: string,
  to: string,
) =>
  kysely
    .selectFrom('listing_stat')
    .select((eb) => [
      'listingId',
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('saves').as('saves'),
      eb.fn.sum<number>('conversations').as('conversations'),
      eb.fn.sum<number>('bookings').as('bookings'),
      eb.fn.sum<number>('alertHits').as('alertHits'),
    ])
    .where('listingId', 'in', ids)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('listingId')

/** The listings with anything counted from `from` to `to`, by the index on the day. */
export const activeListingsQuery = (
  kysely: Kysely<Database>,
  from: string,
  to: string,
  afterId: string,
  limit: number,
) =>
  kysely
    .selectFrom('listing_stat')
    .select('listingId')
    .distinct()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('listingId', '>', afterId)
    .orderBy('listingId')
    .limit(limit)

export const robotVisitorsQuery = (
  kysely: Kysely<Database>,
  day: string,
  hashes: readonly string[],
) =>
  kysely
    .selectFrom('robot_visitor')
    .select('visitorHash')
    .where('day', '=', day)
    .where('visitorHash', 'in', hashes)

export function createListingStatsQueries(kysely: Kysely<Database>) {
  return {
    /** Adds `amount` to a listing's count of a day. */
    async add(listingId: string, day: string, count: StatsCount, amount = 1): Promise<void> {
      await kysely
        .insertInto('listing_stat')
        .values({ listingId, day, ...zeroCounts(), [count]: amount })
        .onConflict((conflict) =>
          conflict
            .columns(['listingId', 'day'])
            .doUpdateSet({ [count]: sql`${sql.ref(`listing_stat.${count}`)} + ${amount}` }),
        )
        .execute()
    },

    /** The listing's counts of the days from `from` to `to` that have any, by day. */
    async daysOf(listingId: string, from: string, to: string): Promise<Map<string, StatsCounts>> {
      const rows = await statDaysQuery(kysely, listingId, from, to).execute()
      return new Map(rows.map(({ day, ...counts }) => [day, numbers(counts)]))
    },

    /** Each listing's totals from `from` to `to`; a listing with nothing counted gets zeros. */
    async totalsOf(ids: readonly string[], from: string, to: string): Promise<StatsCounts[]> {
      const totals = new Map(ids.map((id) => [id, zeroCounts()]))
      for (const batch of batches(ids, 500)) {
        const rows = await statTotalsQuery(kysely, batch, from, to).execute()
        for (const { listingId, ...counts } of rows) totals.set(listingId, numbers(counts))
      }
      return [...totals.values()]
    },

    /** The listings that had anything counted from `from` to `to`, after `afterId`, by id. */
    async activeListingIds(from: string, to: string, afterId: string, limit: number) {
      const rows = await activeListingsQuery(kysely, from, to, afterId, limit).execute()
      return rows.map((row) => row.listingId)
    },

    /** The salt of the day's visitor hashes, made by the first server to ask. */
    async saltOf(day: string): Promise<string> {
      await kysely
        .insertInto('view_salt')
        .values({ day, salt: crypto.randomBytes(32).toString('base64url') })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute()
      const row = await kysely
        .selectFrom('view_salt')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow()
      return row.salt
    },

    /** Which of these crawler hashes of the day were recorded. */
    async robotsAmong(day: string, hashes: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>()
      for (const batch of batches(hashes, 500)) {
        const rows = await robotVisitorsQuery(kysely, day, batch).execute()
        for (const row of rows) found.add(row.visitorHash)
      }
      return found
    },

    async addRobots(day: string, hashes: readonly string[]): Promise<void> {
      for (const batch of batches(hashes, 500)) {
        await kysely
          .insertInto('robot_visitor')
          .values(batch.map((visitorHash) => ({ day, visitorHash })))
          .onConflict((conflict) => conflict.columns(['day', 'visitorHash']).doNothing())
          .execute()
      }
    },

    /**
     * Records the day's visitors and adds one view to a listing for each visitor not recorded
     * before (by any server), in one transaction: a view is counted exactly when its visitor is.
     */
    async addViews(
      day: string,
      visitors: readonly { visitorHash: string; listingId: string }[],
    ): Promise<number> {
      if (visitors.length === 0) return 0
      return kysely.transaction().execute(async (trx) => {
        const queries = createListingStatsQueries(trx)
        const added = new Map<string, number>()
        for (const batch of batches(visitors, 500)) {
          const rows = await trx
            .insertInto('listing_visitor')
            .values(batch.map((visitor) => ({ day, ...visitor })))
            .onConflict((conflict) => conflict.columns(['day', 'visitorHash']).doNothing())
            .returning('listingId')
            .execute()
          for (const { listingId } of rows) added.set(listingId, (added.get(listingId) ?? 0) + 1)
        }
        // In the order of the listings' ids, so that two servers' batches never wait on each other.
        const ids = [...added.keys()].sort()
        for (const id of ids) await queries.add(id, day, 'views', added.get(id))
        return [...added.values()].reduce((sum, n) => sum + n, 0)
      })
    },

    /** Deletes the salts and visitor hashes of the days before `day`. */
    async forgetVisitorsBefore(day: string): Promise<void> {
      await kysely.deleteFrom('listing_visitor').where('day', '<', day).execute()
      await kysely.deleteFrom('robot_visitor').where('day', '<', day).execute()
      await kysely.deleteFrom('view_salt').where('day', '<', day).execute()
    },
  }
}

export type ListingStatsQueries = ReturnType<typeof createListingStatsQueries>

/** PostgreSQL sums integers as bigint, which arrives as a string. */
function numbers(counts: Record<StatsCount, number | string>): StatsCounts {
  return {
    views: Number(counts.views),
    saves: Number(counts.saves),
    conversations: Number(counts.conversations),
    bookings: Number(counts.bookings),
    alertHits: Number(counts.alertHits),
  }
}
