// A listing's price history as a read of listings carries it, for its badges (listing-badges.ts):
// one column of text per listing, made by subqueries on the history's primary key, so that a page
// of listings and their badges is one statement.
import { sql, type Expression, type RawBuilder } from 'kysely'
import type { Db } from '../db/database.js'
import { referenceAge, type PricePoint } from './listing-badges.js'

/**
 * `at:price,at:price…` in no order, or null when the listing has none: the entries from the last
 * one made 30 days or more before its newest entry. Whenever now is (never before its newest
 * entry), those are all the rule needs: an older first entry could not make it new, nor be its
 * reference price. `listingId` is the listing's id column in the outer query. (Every entry is
 * after 1970: from 0 is from the first.)
 */
export function pricePointsColumn(
  db: Db,
  listingId: Expression<unknown>,
): RawBuilder<string | null> {
  const text = sql`cast("point"."at" as text) || ':' || cast("point"."price" as text)`
  const joined =
    db.dialect === 'postgres' ? sql`string_agg(${text}, ',')` : sql`group_concat(${text}, ',')`
  const newest = sql`select max("newest"."at") from listing_price_history as "newest"
    where "newest"."listingId" = ${listingId}`
  const reference = sql`select max("reference"."at") from listing_price_history as "reference"
    where "reference"."listingId" = ${listingId}
      and "reference"."at" <= (${newest}) - ${sql.lit(referenceAge)}`
  return sql<string | null>`(select ${joined} from listing_price_history as "point"
    where "point"."listingId" = ${listingId}
      and "point"."at" >= coalesce((${reference}), 0))`
}

/** The points of `pricePointsColumn`'s text, oldest first, each once. */
export function parsePricePoints(text: string | null | undefined): PricePoint[] {
  if (!text) return []
  const byTime = new Map<number, number>()
  for (const point of text.split(',')) {
    const [at, price] = point.split(':')
    byTime.set(Number(at), Number(price))
  }
  return [...byTime].map(([at, price]) => ({ at, price })).sort((a, b) => a.at - b.at)
}
