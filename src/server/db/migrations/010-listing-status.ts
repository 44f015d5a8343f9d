// Migration 010: search, the map and the public lists hold only listings on the market
// (docs/decisions/011-search-on-the-databases.md). A sold or rented listing leaves the text index,
// the box index and the map's cell counts, which the triggers keep so as its status changes, and
// the public lists' indexes become partial; the owner's list shows every listing.
import { type Kysely, sql } from 'kysely'
import { type Dialect, isPostgres } from './dialect.js'
import {
  createMapCellTriggers,
  createPostgresSearchIndexes,
  createSortIndexes,
  createSqliteSearchTriggers,
  fillMapCells,
  sqliteSearchTriggers,
  type SearchScope,
  type SortIndex,
} from './search-structures.js'

/** The sort indexes of the public lists; `listing_owner_newest` stays whole. */
const publicSortIndexes: SortIndex[] = [
  'newest',
  'type_newest',
  'offer_newest',
  'price',
  'type_price',
]

export async function up(db: Kysely<any>): Promise<void> {
  await hold(db, 'active')
}

export async function down(db: Kysely<any>): Promise<void> {
  await hold(db, 'all')
}

/** Makes the search's structures hold the listings of `scope`, from those of the other scope. */
async function hold(db: Kysely<any>, scope: SearchScope) {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite'
  if (dialect === 'postgres') {
    await sql`drop trigger listing_map_cell_count on listing`.execute(db)
    for (const name of ['listing_search', 'listing_place']) {
      await sql`drop index ${sql.ref(name)}`.execute(db)
    }
    await createPostgresSearchIndexes(db, scope)
  } else {
    for (const name of sqliteSearchTriggers) {
      await sql`drop trigger ${sql.ref(name)}`.execute(db)
    }
    if (scope === 'active') {
      await sql`
        insert into listing_text (listing_text, rowid, words)
        select 'delete', seq, words from listing where "status" <> 'active'`.execute(db)
      await sql`
        delete from listing_area
        where seq in (select seq from listing where "status" <> 'active')`.execute(db)
    } else {
      await sql`insert into listing_text (listing_text) values ('rebuild')`.execute(db)
      await sql`
        insert into listing_area select seq, lat, lat, lng, lng from listing
        where "status" <> 'active'`.execute(db)
    }
    await createSqliteSearchTriggers(db, scope)
  }
  await sql`delete from listing_map_cell`.execute(db)
  await fillMapCells(db, dialect, scope)
  await createMapCellTriggers(db, dialect, scope)
  for (const name of publicSortIndexes) {
    await sql`drop index ${sql.ref(`listing_${name}`)}`.execute(db)
  }
  await createSortIndexes(db, publicSortIndexes, scope)
}
