// Migration 012: each saved search's place key (alerts/search-place.ts), so that a new listing
// reads only the searches of its place, of no place, or of a place it lies in: three index ranges.
// The backfill imports `searchPlace` rather than a copy: the key must be the one the writes and the
// matching use, and a later change of the key comes with its own migration that refills it.
import { type Kysely, type Migration, sql } from 'kysely'
import { listingFilterSchema } from '../../shared/listing-filter-schema.js'
import { searchPlace } from '../saved-searches/search-place.js'
import { noPriceBound } from './alerts-migration.js'
import type { Database } from './schema.js'

const typeAndPrice = sql`
  coalesce("type", ''),
  coalesce("maxPrice", ${sql.lit(noPriceBound.max)}),
  coalesce("minPrice", ${sql.lit(noPriceBound.min)})`

/** The searches of any place's, by type and price, as migration 011 made it. */
async function createCandidatesIndex(db: Kysely<unknown>, where: ReturnType<typeof sql>) {
  await sql`create index saved_search_alert_candidates on saved_search (${typeAndPrice})
    where ${where}`.execute(db)
}

/** A query that is not a valid search (written by hand, say) gets no place: it is read always. */
function storedFilter(query: string) {
  try {
    const parsed = listingFilterSchema.safeParse(JSON.parse(query))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

async function fillPlaceKeys(db: Kysely<Database>) {
  let after = ''
  for (;;) {
    const rows = await db
      .selectFrom('saved_search')
      .select(['id', 'query', 'type', 'minPrice', 'maxPrice'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()
    if (rows.length === 0) return
    after = rows.at(-1)!.id
    for (const { id, query, type, minPrice, maxPrice } of rows) {
      const { placeKind, placeWord, cells } = searchPlace(storedFilter(query))
      if (placeKind === 'none') continue
      await db
        .updateTable('saved_search')
        .set({ placeKind, placeWord })
        .where('id', '=', id)
        .execute()
      if (cells.length > 0) {
        await db
          .insertInto('saved_search_cell')
          .values(cells.map((cell) => ({ savedSearchId: id, cell, type, minPrice, maxPrice })))
          .execute()
      }
    }
  }
}

export const placeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // 'none' by default: a search written without its key is read with every search of no place,
    // so nothing is missed.
    await db.schema
      .alterTable('saved_search')
      .addColumn('placeKind', 'varchar(5)', (col) =>
        col
          .notNull()
          .defaultTo('none')
          .check(sql`"placeKind" in ('word', 'cells', 'none')`),
      )
      .execute()
    await db.schema.alterTable('saved_search').addColumn('placeWord', 'text').execute()
    await db.schema
      .createTable('saved_search_cell')
      .addColumn('savedSearchId', 'varchar(64)', (col) =>
        col.notNull().references('saved_search.id').onDelete('cascade'),
      )
      .addColumn('cell', 'integer', (col) => col.notNull())
      .addColumn('type', 'varchar(4)')
      .addColumn('minPrice', 'integer')
      .addColumn('maxPrice', 'integer')
      .addPrimaryKeyConstraint('saved_search_cell_pk', ['savedSearchId', 'cell'])
      .execute()
    await fillPlaceKeys(db as Kysely<Database>)

    // One index per kind of place, each leading with its key, then type and price bounds.
    await sql`create index saved_search_alert_words on saved_search ("placeWord", ${typeAndPrice})
      where "alerts" <> 'off' and "placeKind" = 'word'`.execute(db)
    await sql`create index saved_search_cell_alerts on saved_search_cell ("cell", ${typeAndPrice})`.execute(
      db,
    )
    await sql`drop index saved_search_alert_candidates`.execute(db)
    await createCandidatesIndex(db, sql`"alerts" <> 'off' and "placeKind" = 'none'`)
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index saved_search_alert_candidates`.execute(db)
    await createCandidatesIndex(db, sql`"alerts" <> 'off'`)
    await sql`drop index saved_search_alert_words`.execute(db)
    await db.schema.dropTable('saved_search_cell').execute()
    await db.schema.alterTable('saved_search').dropColumn('placeWord').execute()
    await db.schema.alterTable('saved_search').dropColumn('placeKind').execute()
  },
}
