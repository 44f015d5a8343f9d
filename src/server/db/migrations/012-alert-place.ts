// Migration 012: each saved search's place key (alerts/search-place.ts), so that a new listing
// reads only the searches of its place, of no place, or of a place it lies in: three index ranges.
// The backfill computes the key with a copy of that code as it was when this was written; a later
// change of the key comes with its own migration that refills it.
import { type Kysely, sql } from 'kysely'
import { noPriceBound } from './011-alerts.js'
import { storedSearchPlace } from './saved-search-place.js'

const typeAndPrice = sql`
  coalesce("type", ''),
  coalesce("maxPrice", ${sql.lit(noPriceBound.max)}),
  coalesce("minPrice", ${sql.lit(noPriceBound.min)})`

/** The searches of any place's, by type and price, as migration 011 made it. */
async function createCandidatesIndex(db: Kysely<any>, where: ReturnType<typeof sql>) {
  await sql`create index saved_search_alert_candidates on saved_search (${typeAndPrice})
    where ${where}`.execute(db)
}

async function fillPlaceKeys(db: Kysely<any>) {
  const kysely = db as Kysely<{
    saved_search: {
      id: string
      query: string
      type: string | null
      minPrice: number | null
      maxPrice: number | null
      placeKind: string
      placeWord: string | null
    }
    saved_search_cell: {
      savedSearchId: string
      cell: number
      type: string | null
      minPrice: number | null
      maxPrice: number | null
    }
  }>
  let after = ''
  for (;;) {
    const rows = await kysely
      .selectFrom('saved_search')
      .select(['id', 'query', 'type', 'minPrice', 'maxPrice'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()
    if (rows.length === 0) return
    after = rows.at(-1)!.id
    for (const { id, query, type, minPrice, maxPrice } of rows) {
      const { placeKind, placeWord, cells } = storedSearchPlace(query)
      if (placeKind === 'none') continue
      await kysely
        .updateTable('saved_search')
        .set({ placeKind, placeWord })
        .where('id', '=', id)
        .execute()
      if (cells.length > 0) {
        await kysely
          .insertInto('saved_search_cell')
          .values(cells.map((cell) => ({ savedSearchId: id, cell, type, minPrice, maxPrice })))
          .execute()
      }
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
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
  await fillPlaceKeys(db)

  // One index per kind of place, each leading with its key, then type and price bounds.
  // The spacing is as first written: SQLite stores the statement's text as written.
  await sql`create index saved_search_alert_words on saved_search ("placeWord", ${typeAndPrice})
      where "alerts" <> 'off' and "placeKind" = 'word'`.execute(db)
  await sql`create index saved_search_cell_alerts on saved_search_cell ("cell", ${typeAndPrice})`.execute(
    db,
  )
  await sql`drop index saved_search_alert_candidates`.execute(db)
  await createCandidatesIndex(db, sql`"alerts" <> 'off' and "placeKind" = 'none'`)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index saved_search_alert_candidates`.execute(db)
  await createCandidatesIndex(db, sql`"alerts" <> 'off'`)
  await sql`drop index saved_search_alert_words`.execute(db)
  await db.schema.dropTable('saved_search_cell').execute()
  await db.schema.alterTable('saved_search').dropColumn('placeWord').execute()
  await db.schema.alterTable('saved_search').dropColumn('placeKind').execute()
}
