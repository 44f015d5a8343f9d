// The `favourite` table: the listings each user saved (the hearts), newest saved first.
import { countNothing, type CountActivity } from '../listing-stats/count-activity.js'
import { sql, type Kysely } from 'kysely'
import { favouriteLimits } from '../../shared/favourites.js'
import type { Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { pricePointsOf, type ListingQueries } from '../listings/listings.queries.js'
import { listingColumns } from '../listings/search/search-rows.js'
import type { FavouriteKey } from './favourite-cursor.js'

/** What a save came to: stored (or already stored), no such listing, or the user's limit reached. */
export type SaveOutcome = 'saved' | 'missing' | 'full'

/** The first key of PostgreSQL's advisory locks that serialise one user's saves. */
const favouriteQuotaLock = 0x66617673

export function createFavouriteQueries(
  db: Db,
  listings: Pick<ListingQueries, 'toListing'>,
  countActivity: CountActivity = countNothing,
) {
  const { kysely } = db

  return {
    /**
     * Saves the listing for the user, keeping the first save's time when it is saved already. One
     * user's saves pass here one at a time (a transaction, locked per user on PostgreSQL; SQLite
     * runs one transaction at a time), so two saves at once cannot pass the limit together.
     */
    async save(userId: string, listingId: string, now = Date.now()): Promise<SaveOutcome> {
      let added = false
      const outcome = await kysely.transaction().execute(async (trx): Promise<SaveOutcome> => {
        if (db.dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${favouriteQuotaLock}, hashtext(${userId}))`.execute(
            trx,
          )
        }
        // Held until the save commits, so the listing cannot be deleted between this and the insert.
        const listingQuery = trx.selectFrom('listing').select('id').where('id', '=', listingId)
        const listing = await (
          db.dialect === 'postgres' ? listingQuery.forKeyShare() : listingQuery
        ).executeTakeFirst()
        if (!listing) return 'missing'
        const ofUser = trx.selectFrom('favourite').where('userId', '=', userId)
        const saved = await ofUser
          .select('listingId')
          .where('listingId', '=', listingId)
          .executeTakeFirst()
        if (saved) return 'saved'
        const { count } = await ofUser
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        if (Number(count) >= favouriteLimits.perUser) return 'full'
        await trx.insertInto('favourite').values({ userId, listingId, createdAt: now }).execute()
        added = true
        return 'saved'
      })
      // After the commit: SQLite's one connection would wait for this transaction.
      if (added) await countActivity(listingId, 'saves')
      return outcome
    },

    /** Forgets the save; nothing to do when the listing was not saved, 'missing' when it is gone. */
    async remove(userId: string, listingId: string): Promise<'removed' | 'missing'> {
      const result = await kysely
        .deleteFrom('favourite')
        .where('userId', '=', userId)
        .where('listingId', '=', listingId)
        .executeTakeFirst()
      if (result.numDeletedRows > 0n) return 'removed'
      const listing = await kysely
        .selectFrom('listing')
        .select('id')
        .where('id', '=', listingId)
        .executeTakeFirst()
      return listing ? 'removed' : 'missing'
    },

    /** `limit` saved listings at most, newest saved first, strictly after `after`; and the last one's key. */
    async page(
      userId: string,
      limit: number,
      after?: FavouriteKey,
    ): Promise<{ items: Listing[]; last?: FavouriteKey }> {
      let query = kysely
        .selectFrom('favourite')
        .innerJoin('listing', 'listing.id', 'favourite.listingId')
        .select(listingColumns.map((name) => `listing.${name}` as const))
        .select('favourite.createdAt as savedAt')
        .select(pricePointsOf(db))
        .where('favourite.userId', '=', userId)
        // A hidden listing leaves its savers' lists while it is hidden.
        .where('listing.status', '<>', 'hidden')
      if (after) {
        query = query.where(
          sql<boolean>`(${sql.ref('favourite.createdAt')}, ${sql.ref('favourite.listingId')}) < (${after.createdAt}, ${after.listingId})`,
        )
      }
      const rows = await query
        .orderBy('favourite.createdAt', 'desc')
        .orderBy('favourite.listingId', 'desc')
        .limit(limit)
        .execute()
      const last = rows.at(-1)
      return {
        items: rows.map((row) => listings.toListing(row)),
        ...(last && { last: { createdAt: Number(last.savedAt), listingId: last.id } }),
      }
    },

    /** Every listing the user saved (at most the limit), newest saved first. */
    async ids(userId: string): Promise<string[]> {
      const rows = await kysely
        .selectFrom('favourite')
        .select('listingId')
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('listingId', 'desc')
        .execute()
      return rows.map((row) => row.listingId)
    },
  }
}

export type FavouriteQueries = ReturnType<typeof createFavouriteQueries>

/** Everyone who saved the listing, but its owner. */
export async function listingSavers(
  kysely: Kysely<Database>,
  listing: Pick<Listing, 'id' | 'userRef'>,
): Promise<string[]> {
  const rows = await kysely
    .selectFrom('favourite')
    .select('userId')
    .where('listingId', '=', listing.id)
    .where('userId', '<>', listing.userRef)
    .execute()
  return rows.map((row) => row.userId)
}

/** The user's save of the listing, if any; read by the table's key. */
export const savedListingQuery = (kysely: Kysely<Database>, userId: string, listingId: string) =>
  kysely
    .selectFrom('favourite')
    .select('listingId')
    .where('userId', '=', userId)
    .where('listingId', '=', listingId)

/** Whether the user has the listing saved. */
export async function hasSaved(
  { kysely }: Db,
  userId: string,
  listingId: string,
): Promise<boolean> {
  return (await savedListingQuery(kysely, userId, listingId).executeTakeFirst()) !== undefined
}
