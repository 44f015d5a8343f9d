// The search's structures over the listings of a scope, as migration 008 made them over every
// listing and migration 010 made them again over those on the market: the sort indexes, the text
// and box indexes, and the map's cell counts with the triggers that keep them.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from './dialect.js'
import { cellX, cellY, storedLevels } from './map-cell-sql.js'

/**
 * Which listings the search's structures hold: every one (migration 008), or only those on the
 * market (migration 010).
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
export async function createSortIndexes(db: Kysely<any>, names: SortIndex[], scope: SearchScope) {
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
export async function createPostgresSearchIndexes(db: Kysely<any>, scope: SearchScope) {
  const where = scope === 'all' ? sql`` : sql` where "status" = 'active'`
  await sql`create index listing_search on listing using gin ("search")${where}`.execute(db)
  await sql`create index listing_place on listing ("lat", "lng")${where}`.execute(db)
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

/** The triggers that keep SQLite's text index and R*Tree holding the listings of `scope`. */
export async function createSqliteSearchTriggers(db: Kysely<any>, scope: SearchScope) {
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
export async function fillMapCells(db: Kysely<any>, dialect: Dialect, scope: SearchScope) {
  for (const level of storedLevels) {
    const whole = mapCell(dialect, 'listing', level)
    await sql`
      insert into listing_map_cell ("level", "x", "y", "type", "offer", "count", "sumLat", "sumLng")
      select ${whole.level}, ${whole.x}, ${whole.y}, "type", "offer", count(*), sum("lat"), sum("lng")
      from listing where ${held(scope, 'listing')} group by 2, 3, 4, 5`.execute(db)
  }
}

/** The triggers that keep `listing_map_cell` counting the listings of `scope`. */
export async function createMapCellTriggers(db: Kysely<any>, dialect: Dialect, scope: SearchScope) {
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
