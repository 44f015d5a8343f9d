// A search for some home types, in the sort's order: for each type, the first page of its matches
// from a range of a home type index (migration 024); the page is the first of all of them. The
// sort indexes alone would pass every cheaper studio and flat before the first house
// (docs/decisions/051-home-type-ranges.md).
import { sql, type RawBuilder } from 'kysely'
import type { ListingFilter } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import { orderBy, sortOrders, type ListedStatuses, type SearchPage } from './search-conditions.js'
import { and, column, searchColumns } from './search-rows.js'

/**
 * Whether the home types lead the read: a place's listings are a range of its own index, and the
 * owner's search of more statuses reads the owner's index (the home type indexes hold only
 * listings on the market).
 */
export function homeTypesLead(filter: ListingFilter, statuses: ListedStatuses): boolean {
  return (filter.homeType?.length ?? 0) > 0 && filter.place === undefined && statuses === 'active'
}

/**
 * The page. Each home type's first page of matches is read in order from its range, so the first
 * page of all the matches is among them: a merge of a page per type. (PostgreSQL 15 merges no
 * ranges of a union in order, so the pages are sorted, a few dozen rows.)
 */
export function homeTypePage(db: Db, page: SearchPage): RawBuilder<unknown> {
  const { filter, sort, limit } = page.query
  const { column: sortColumn, direction } = sortOrders[sort]
  const index =
    db.dialect === 'sqlite'
      ? sql.raw(`indexed by listing_home_type_${sortColumn === 'price' ? 'price' : 'newest'}`)
      : sql``
  const pages = [...new Set(filter.homeType)].map(
    (homeType, n) => sql`
      select * from (
        select ${searchColumns} from listing ${index}
        where ${and([sql`${column('homeType')} = ${homeType}`, ...page.conditions])}
        order by ${orderBy(sort)} limit ${limit}
      ) as ${sql.ref(`type${n}`)}`,
  )
  const way = sql.raw(direction)
  return sql`${sql.join(pages, sql` union all `)}
    order by ${sql.ref(sortColumn)} ${way}, "id" ${way} limit ${limit}`
}
