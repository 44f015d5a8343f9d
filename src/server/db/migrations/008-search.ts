// Migration 008: what search reads (docs/decisions/011-search-on-the-databases.md). Each listing gets
// the price a buyer pays and its normalised words; each database its own text index, an index per
// sort, an index for the map's box, and a count of listings per map cell for world maps. Triggers
// keep all of it in step with `listing`, however a row is written.
import { type Kysely, sql } from 'kysely'
import { type Dialect, isPostgres } from './dialect.js'
import { createListingVersionTriggers } from './listing-version-triggers.js'
import {
  createMapCellTriggers,
  createPostgresSearchIndexes,
  createSortIndexes,
  createSqliteSearchTriggers,
  fillMapCells,
  sqliteSearchTriggers,
} from './search-structures.js'
import { searchWords } from './words.js'

/** What a buyer pays: the discounted price when the listing is on offer. */
const priceExpression = sql`case when "offer" and "discountedPrice" is not null then "discountedPrice" else "regularPrice" end`

export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite'
  if (dialect === 'postgres') {
    await sql`alter table listing add column "price" integer generated always as (${priceExpression}) stored`.execute(
      db,
    )
    await sql`alter table listing add column "words" text not null default ''`.execute(db)
    await fillWords(db)
    await sql`alter table listing add column "search" tsvector generated always as (to_tsvector('simple', "words")) stored`.execute(
      db,
    )
    await createPostgresSearchIndexes(db, 'all')
  } else {
    await rebuildSqliteListing(db)
    await fillWords(db)
    await createSortIndexes(db, ['newest', 'type_newest', 'offer_newest', 'owner_newest'], 'all')
    await createSqliteSearchTables(db)
    await createListingVersionTriggers(db)
  }
  await createSortIndexes(db, ['price', 'type_price'], 'all')
  await createMapCells(db, dialect)
}

export async function down(db: Kysely<any>): Promise<void> {
  // Search structures are derived from `listing`; going back drops them and keeps every listing.
  await sql`drop table listing_map_cell`.execute(db)
  if (isPostgres(db)) {
    await sql`drop trigger listing_map_cell_count on listing`.execute(db)
    await sql`drop trigger listing_map_cell_clear on listing`.execute(db)
    await sql`drop function listing_map_cell_count()`.execute(db)
    await sql`drop function listing_map_cell_clear()`.execute(db)
    for (const column of ['search', 'words', 'price']) {
      await sql`alter table listing drop column ${sql.ref(column)}`.execute(db)
    }
  } else {
    for (const name of ['listing_text', 'listing_area']) {
      await sql`drop table ${sql.ref(name)}`.execute(db)
    }
    for (const name of sqliteSearchTriggers) {
      await sql`drop trigger ${sql.ref(name)}`.execute(db)
    }
    await sql`drop index listing_price`.execute(db)
    await sql`drop index listing_type_price`.execute(db)
  }
}

/**
 * SQLite's FTS5 and R*Tree tables name rows by an integer that must not change; a table without
 * an INTEGER PRIMARY KEY may renumber its rows on VACUUM. So `listing` is made again with `seq`.
 */
async function rebuildSqliteListing(db: Kysely<any>) {
  await sql`
    create table listing_new (
      "seq" integer primary key,
      "id" varchar(64) not null unique,
      "userRef" text not null references "user" ("id") on delete cascade,
      "type" varchar(4) not null check ("type" in ('rent', 'sale')),
      "name" text not null,
      "bedrooms" integer not null,
      "bathrooms" integer not null,
      "parking" boolean not null,
      "furnished" boolean not null,
      "location" text not null,
      "offer" boolean not null,
      "regularPrice" integer not null,
      "discountedPrice" integer,
      "images" text not null,
      "lat" double precision not null,
      "lng" double precision not null,
      "timestamp" bigint not null,
      "price" integer generated always as (${priceExpression}) stored,
      "words" text not null default ''
    )`.execute(db)
  const columns = sql.join(
    [
      'id',
      'userRef',
      'type',
      'name',
      'bedrooms',
      'bathrooms',
      'parking',
      'furnished',
      'location',
      'offer',
      'regularPrice',
      'discountedPrice',
      'images',
      'lat',
      'lng',
      'timestamp',
    ].map((column) => sql.ref(column)),
  )
  await sql`insert into listing_new (${columns}) select ${columns} from listing order by "timestamp", "id"`.execute(
    db,
  )
  await sql`drop table listing`.execute(db)
  await sql`alter table listing_new rename to listing`.execute(db)
}

/** Fills `words` of every listing, in batches by id. */
async function fillWords(db: Kysely<any>) {
  const kysely = db as Kysely<{
    listing: { id: string; name: string; location: string; words: string }
  }>
  let after = ''
  for (;;) {
    const rows = await kysely
      .selectFrom('listing')
      .select(['id', 'name', 'location'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute()
    for (const row of rows) {
      await kysely
        .updateTable('listing')
        .set({ words: searchWords(row) })
        .where('id', '=', row.id)
        .execute()
    }
    if (rows.length < 1000) return
    after = rows.at(-1)!.id
  }
}

async function createSqliteSearchTables(db: Kysely<any>) {
  // The words are already normalised (words.ts); FTS5 splits them at spaces as they are.
  // Prefix indexes make short prefixes (what people type first) as quick as whole words.
  await sql`
    create virtual table listing_text using fts5(
      words, content = 'listing', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
    )`.execute(db)
  await sql`insert into listing_text (listing_text) values ('rebuild')`.execute(db)

  // Points as boxes of no size. R*Tree stores 32-bit floats rounded outwards, so a box search
  // finds candidates and the row's own lat and lng decide.
  await sql`create virtual table listing_area using rtree(seq, minLat, maxLat, minLng, maxLng)`.execute(
    db,
  )
  await sql`insert into listing_area select seq, lat, lat, lng, lng from listing`.execute(db)
  await createSqliteSearchTriggers(db, 'all')
}

/**
 * How many listings of each type and offer lie in each cell of each stored grid level, with the
 * sums of their coordinates for a cluster's centre (map-cell-sql.ts). A map adds these up
 * instead of reading every listing in its box.
 */
async function createMapCells(db: Kysely<any>, dialect: Dialect) {
  await sql`
    create table listing_map_cell (
      "level" integer not null,
      "x" integer not null,
      "y" integer not null,
      "type" varchar(4) not null,
      "offer" boolean not null,
      "count" integer not null,
      "sumLat" double precision not null,
      "sumLng" double precision not null,
      primary key ("level", "x", "y", "type", "offer")
    )`.execute(db)
  await fillMapCells(db, dialect, 'all')
  await createMapCellTriggers(db, dialect, 'all')
}
