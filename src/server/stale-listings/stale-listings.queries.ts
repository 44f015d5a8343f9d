// Listings their owners no longer confirm: on the market, and not confirmed or edited since a
// given time (`listing."confirmedAt"`, or its publication), and when their owner was asked
// (`stale_listing`). Migration 027.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** When the listing was last confirmed: its publication until its owner confirms or edits it. */
const confirmedAt = sql<number>`coalesce(listing."confirmedAt", listing."timestamp")`

/**
 * Listings on the market not confirmed since `before` whose owner was not asked since (at most
 * `limit`), by the index on when they were last confirmed.
 */
export const listingsToAskQuery = (kysely: Kysely<Database>, before: number, limit: number) =>
  kysely
    .selectFrom('listing')
    .select(['listing.id'])
    .where('listing.status', '=', 'active')
    .where(confirmedAt, '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stale_listing')
            .select('stale_listing.listingId')
            .whereRef('stale_listing.listingId', '=', 'listing.id')
            .where('stale_listing.mailedAt', '>=', confirmedAt),
        ),
      ),
    )
    .limit(limit)

/**
 * Listings on the market whose owner was asked before `askedBefore` and has not confirmed them
 * since (at most `limit`), by the index on when they were asked.
 */
export const listingsToExpireQuery = (
  kysely: Kysely<Database>,
  askedBefore: number,
  limit: number,
) =>
  kysely
    .selectFrom('stale_listing')
    .innerJoin('listing', 'listing.id', 'stale_listing.listingId')
    .select(['listing.id'])
    .where('stale_listing.mailedAt', '<', askedBefore)
    .where('listing.status', '=', 'active')
    .where(confirmedAt, '<=', sql<number>`stale_listing."mailedAt"`)
    .limit(limit)

export function createStaleListingQueries(kysely: Kysely<Database>) {
  return {
    async listingsToAsk(before: number, limit: number): Promise<string[]> {
      const rows = await listingsToAskQuery(kysely, before, limit).execute()
      return rows.map((row) => row.id)
    },

    async listingsToExpire(askedBefore: number, limit: number): Promise<string[]> {
      const rows = await listingsToExpireQuery(kysely, askedBefore, limit).execute()
      return rows.map((row) => row.id)
    },

    /** Records that the owner was asked at `at`. */
    async asked(listingId: string, at: number): Promise<void> {
      await kysely
        .insertInto('stale_listing')
        .values({ listingId, mailedAt: at })
        .onConflict((conflict) => conflict.column('listingId').doUpdateSet({ mailedAt: at }))
        .execute()
    },

    /** When the listing was last confirmed (or published); undefined when there is none. */
    async confirmedAt(listingId: string): Promise<number | undefined> {
      const row = await kysely
        .selectFrom('listing')
        .select(confirmedAt.as('confirmedAt'))
        .where('listing.id', '=', listingId)
        .executeTakeFirst()
      return row && Number(row.confirmedAt)
    },

    /** When the owner was last asked about the listing, if ever. */
    async askedAt(listingId: string): Promise<number | undefined> {
      const row = await kysely
        .selectFrom('stale_listing')
        .select('mailedAt')
        .where('listingId', '=', listingId)
        .executeTakeFirst()
      return row && Number(row.mailedAt)
    },
  }
}

export type StaleListingQueries = ReturnType<typeof createStaleListingQueries>
