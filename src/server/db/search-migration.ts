// Migration 008: what search reads (docs/decisions/011-search-on-the-databases.md). Each listing gets
// the price a buyer pays and its normalised words; each database its own text index, an index per
// sort, an index for the map's box, and a count of listings per map cell for world maps. Triggers
// keep all of it in step with `listing`, however a row is written.
import { type Kysely, type Migration, type RawBuilder, sql } from 'kysely'
import type { Dialect } from './database.js'
import { searchWords } from '../listings/search-words.js'
import { cellX, cellY, storedLevels } from '../listings/map-grid.js'

/** What a buyer pays: the discounted price when the listing is on offer. */
const priceExpression = sql`case when "offer" and "discountedPrice" is not null then "discountedPrice" else "regularPrice" end`

export function searchMigration(
  isPostgres: (db: Kysely<unknown>) => boolean,
  createListingVersionTriggers: (db: Kysely<unknown>) => Promise<void>,
): Migration {
  return {
    async up(db) {
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
        await createSortIndexes(
          db,
          ['newest', 'type_newest', 'offer_newest', 'owner_newest'],
          'all',
        )
        await createSqliteSearchTables(db)
        await createListingVersionTriggers(db)
      }
      await createSortIndexes(db, ['price', 'type_price'], 'all')
      await createMapCells(db, dialect)
    },
    async down(db) {
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
    },
  }
}

/**
 * Which listings the search's structures hold: every one (migration 008), or only those on the
 * market (migration 010, `db/status-migration.ts`).
 */
export type SearchScope = 'all' | 'active'

/** Whether a row (`new`, `old` in a trigger, or `listing`) belongs in the structures of `scope`. */
function held(scope: SearchScope, row: 'new' | 'old' | 'listing'): RawBuilder<unknown> {
  return scope === 'all' ? sql`1 = 1` : sql`${sql.raw(row)}."status" = 'active'`
}

/** The columns whose change may move a listing in or out of the structures of `scope`. */
function watched(scope: SearchScope, columns: string[]): RawBuilder<unknown> {
  return sql.join([...columns, ...(scope === 'all' ? [] : ['status'])].map((name) => sql.ref(name)))
}

const sortIndexes = {
  newest: ['timestamp', 'id'],
  type_newest: ['type', 'timestamp', 'id'],
  offer_newest: ['offer', 'timestamp', 'id'],
  owner_newest: ['userRef', 'timestamp', 'id'],
  price: ['price', 'id'],
  type_price: ['type', 'price', 'id'],
} as const

export type SortIndex = keyof typeof sortIndexes

/** The public lists' indexes of `scope`; the owner's list shows every listing, so its index too. */
export async function createSortIndexes(
  db: Kysely<unknown>,
  names: SortIndex[],
  scope: SearchScope,
) {
  for (const name of names) {
    const index = db.schema
      .createIndex(`listing_${name}`)
      .on('listing')
      .columns([...sortIndexes[name]])
    await (
      scope === 'active' && name !== 'owner_newest'
        ? index.where(sql.ref('status'), '=', sql.lit('active'))
        : index
    ).execute()
  }
}

/** PostgreSQL's text index and the map box's index, over the listings of `scope`. */
export async function createPostgresSearchIndexes(db: Kysely<unknown>, scope: SearchScope) {
  const where = scope === 'all' ? sql`` : sql` where "status" = 'active'`
  await sql`create index listing_search on listing using gin ("search")${where}`.execute(db)
  await sql`create index listing_place on listing ("lat", "lng")${where}`.execute(db)
}

/**
 * SQLite's FTS5 and R*Tree tables name rows by an integer that must not change; a table without
 * an INTEGER PRIMARY KEY may renumber its rows on VACUUM. So `listing` is made again with `seq`.
 */
async function rebuildSqliteListing(db: Kysely<unknown>) {
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
async function fillWords(db: Kysely<unknown>) {
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

export const sqliteSearchTriggers = [
  'listing_text_insert',
  'listing_text_delete',
  'listing_text_update',
  'listing_area_insert',
  'listing_area_delete',
  'listing_area_update',
  'listing_map_cell_insert',
  'listing_map_cell_delete',
  'listing_map_cell_update',
]

async function createSqliteSearchTables(db: Kysely<unknown>) {
  // The words are already normalised (search-words.ts); FTS5 splits them at spaces as they are.
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

/** The triggers that keep SQLite's text index and R*Tree holding the listings of `scope`. */
export async function createSqliteSearchTriggers(db: Kysely<unknown>, scope: SearchScope) {
  await sql`
    create trigger listing_text_insert after insert on listing begin
      insert into listing_text (rowid, words) select new.seq, new.words where ${held(scope, 'new')};
    end`.execute(db)
  await sql`
    create trigger listing_text_delete after delete on listing begin
      insert into listing_text (listing_text, rowid, words)
      select 'delete', old.seq, old.words where ${held(scope, 'old')};
    end`.execute(db)
  await sql`
    create trigger listing_text_update after update of ${watched(scope, ['words'])} on listing begin
      insert into listing_text (listing_text, rowid, words)
      select 'delete', old.seq, old.words where ${held(scope, 'old')};
      insert into listing_text (rowid, words) select new.seq, new.words where ${held(scope, 'new')};
    end`.execute(db)

  await sql`
    create trigger listing_area_insert after insert on listing begin
      insert into listing_area select new.seq, new.lat, new.lat, new.lng, new.lng
      where ${held(scope, 'new')};
    end`.execute(db)
  await sql`
    create trigger listing_area_delete after delete on listing begin
      delete from listing_area where seq = old.seq;
    end`.execute(db)
  await sql`
    create trigger listing_area_update after update of ${watched(scope, ['lat', 'lng'])} on listing begin
      delete from listing_area where seq = old.seq;
      insert into listing_area select new.seq, new.lat, new.lat, new.lng, new.lng
      where ${held(scope, 'new')};
    end`.execute(db)
}

/**
 * How many listings of each type and offer lie in each cell of each stored grid level, with the
 * sums of their coordinates for a cluster's centre (listings/map-grid.ts). A map adds these up
 * instead of reading every listing in its box.
 */
async function createMapCells(db: Kysely<unknown>, dialect: Dialect) {
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

const mapCell = (dialect: Dialect, row: 'new' | 'old' | 'listing', level: number) => {
  const lat = sql.raw(`${row}."lat"`)
  const lng = sql.raw(`${row}."lng"`)
  return {
    level: sql.lit(level),
    x: cellX(dialect, lng, level),
    y: cellY(dialect, lat, level),
    type: sql.raw(`${row}."type"`),
    offer: sql.raw(`${row}."offer"`),
    lat,
    lng,
  }
}

/** Counts the listings of `scope` into the (empty) `listing_map_cell`. */
export async function fillMapCells(db: Kysely<unknown>, dialect: Dialect, scope: SearchScope) {
  for (const level of storedLevels) {
    const whole = mapCell(dialect, 'listing', level)
    await sql`
      insert into listing_map_cell ("level", "x", "y", "type", "offer", "count", "sumLat", "sumLng")
      select ${whole.level}, ${whole.x}, ${whole.y}, "type", "offer", count(*), sum("lat"), sum("lng")
      from listing where ${held(scope, 'listing')} group by 2, 3, 4, 5`.execute(db)
  }
}

/** The triggers that keep `listing_map_cell` counting the listings of `scope`. */
export async function createMapCellTriggers(
  db: Kysely<unknown>,
  dialect: Dialect,
  scope: SearchScope,
) {
  const add = (level: number) => {
    const c = mapCell(dialect, 'new', level)
    // The WHERE also keeps SQLite from reading `on conflict` as part of the SELECT.
    return sql`
      insert into listing_map_cell ("level", "x", "y", "type", "offer", "count", "sumLat", "sumLng")
      select ${c.level}, ${c.x}, ${c.y}, ${c.type}, ${c.offer}, 1, ${c.lat}, ${c.lng}
      where ${held(scope, 'new')}
      on conflict ("level", "x", "y", "type", "offer") do update set
        "count" = listing_map_cell."count" + 1,
        "sumLat" = listing_map_cell."sumLat" + excluded."sumLat",
        "sumLng" = listing_map_cell."sumLng" + excluded."sumLng"`
  }
  // A cell left empty is removed, so maps never add up rows of nothing.
  const remove = (level: number) => {
    const c = mapCell(dialect, 'old', level)
    const key = sql`"level" = ${c.level} and "x" = ${c.x} and "y" = ${c.y} and "type" = ${c.type} and "offer" = ${c.offer}`
    return sql`
      update listing_map_cell set
        "count" = "count" - 1, "sumLat" = "sumLat" - ${c.lat}, "sumLng" = "sumLng" - ${c.lng}
      where ${key} and ${held(scope, 'old')};
      delete from listing_map_cell where ${key} and "count" = 0`
  }
  const eachLevel = (statement: (level: number) => RawBuilder<unknown>) =>
    sql.join(
      storedLevels.map((level) => sql`${statement(level)};`),
      sql`\n`,
    )
  const columns = watched(scope, ['lat', 'lng', 'type', 'offer'])

  if (dialect === 'postgres') {
    await sql`
      create or replace function listing_map_cell_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          ${eachLevel(remove)}
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          ${eachLevel(add)}
        end if;
        return null;
      end $$`.execute(db)
    await sql`
      create trigger listing_map_cell_count
      after insert or delete or update of ${columns} on listing
      for each row execute function listing_map_cell_count()`.execute(db)
    await sql`
      create or replace function listing_map_cell_clear() returns trigger language plpgsql as $$
      begin
        truncate listing_map_cell;
        return null;
      end $$`.execute(db)
    await sql`
      create or replace trigger listing_map_cell_clear after truncate on listing
      for each statement execute function listing_map_cell_clear()`.execute(db)
  } else {
    await sql`
      create trigger listing_map_cell_insert after insert on listing begin
        ${eachLevel(add)}
      end`.execute(db)
    await sql`
      create trigger listing_map_cell_delete after delete on listing begin
        ${eachLevel(remove)}
      end`.execute(db)
    await sql`
      create trigger listing_map_cell_update after update of ${columns} on listing begin
        ${eachLevel(remove)}
        ${eachLevel(add)}
      end`.execute(db)
  }
}
