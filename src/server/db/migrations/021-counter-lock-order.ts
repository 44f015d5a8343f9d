// Migration 021: PostgreSQL's counting triggers take their row locks in one order, so that two
// listing writes never wait for each other in a circle (a deadlock, which fails one of them).
// - `listing_map_cell_count` goes level by level, coarsest first, and within a level changes
//   the lower of the old and the new cell first (before, it changed every old cell, then every
//   new one: two edits swapping a listing's type in one cell could each hold what the other
//   needed);
// - `place_listing_count` changes the lower place id first;
// - `listing_word_sync` adds new words to the vocabulary in alphabetical order.
// SQLite has one writer at a time and no deadlocks: nothing changes there.
// Frozen history: the function bodies are written out as they are now, over the listings on the
// market (the scope of migration 010).
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { isPostgres } from './dialect.js'
import { cellX, cellY, storedLevels } from './map-cell-sql.js'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await orderMapCellLocks(db)
  await orderPlaceLocks(db)
  await orderVocabularyLocks(db)
}

/**
 * Nothing to undo: the functions count as the ones before did, and the downs of migrations 020,
 * 019 and 010 drop or replace them.
 */
export async function down(): Promise<void> {}

function cellOf(row: 'new' | 'old', level: number) {
  const lat = sql.raw(`${row}."lat"`)
  const lng = sql.raw(`${row}."lng"`)
  return {
    level: sql.lit(level),
    x: cellX('postgres', lng, level),
    y: cellY('postgres', lat, level),
    type: sql.raw(`${row}."type"`),
    offer: sql.raw(`${row}."offer"`),
    lat,
    lng,
  }
}

function addToCell(level: number): RawBuilder<unknown> {
  const c = cellOf('new', level)
  return sql`
    insert into listing_map_cell ("level", "x", "y", "type", "offer", "count", "sumLat", "sumLng")
    values (${c.level}, ${c.x}, ${c.y}, ${c.type}, ${c.offer}, 1, ${c.lat}, ${c.lng})
    on conflict ("level", "x", "y", "type", "offer") do update set
      "count" = listing_map_cell."count" + 1,
      "sumLat" = listing_map_cell."sumLat" + excluded."sumLat",
      "sumLng" = listing_map_cell."sumLng" + excluded."sumLng";`
}

// A cell left empty is removed, so maps never add up rows of nothing.
function removeFromCell(level: number): RawBuilder<unknown> {
  const c = cellOf('old', level)
  const key = sql`"level" = ${c.level} and "x" = ${c.x} and "y" = ${c.y} and "type" = ${c.type} and "offer" = ${c.offer}`
  return sql`
    update listing_map_cell set
      "count" = "count" - 1, "sumLat" = "sumLat" - ${c.lat}, "sumLng" = "sumLng" - ${c.lng}
    where ${key};
    delete from listing_map_cell where ${key} and "count" = 0;`
}

async function orderMapCellLocks(db: Kysely<unknown>) {
  const levels = storedLevels.map((level) => {
    const o = cellOf('old', level)
    const n = cellOf('new', level)
    return sql`
      if old_held and new_held then
        if (${o.x}, ${o.y}, ${o.type}, ${o.offer}) <= (${n.x}, ${n.y}, ${n.type}, ${n.offer}) then
          ${removeFromCell(level)}
          ${addToCell(level)}
        else
          ${addToCell(level)}
          ${removeFromCell(level)}
        end if;
      elsif old_held then
        ${removeFromCell(level)}
      elsif new_held then
        ${addToCell(level)}
      end if;`
  })
  await sql`
    create or replace function listing_map_cell_count() returns trigger language plpgsql as $$
    declare
      old_held boolean := tg_op in ('UPDATE', 'DELETE') and old."status" = 'active';
      new_held boolean := tg_op in ('INSERT', 'UPDATE') and new."status" = 'active';
    begin
      ${sql.join(levels, sql`\n`)}
      return null;
    end $$`.execute(db)
}

async function orderPlaceLocks(db: Kysely<unknown>) {
  await sql`
    create or replace function place_listing_count() returns trigger language plpgsql as $$
    declare
      removed bigint;
      added bigint;
    begin
      if tg_op <> 'INSERT' and old."status" = 'active' then removed := old."placeId"; end if;
      if tg_op <> 'DELETE' and new."status" = 'active' then added := new."placeId"; end if;
      if removed is not distinct from added then
        return null;
      end if;
      if removed is not null and (added is null or removed < added) then
        update place set "listings" = "listings" - 1 where "id" = removed;
        removed := null;
      end if;
      if added is not null then
        insert into place ("id", "listings") values (added, 1)
        on conflict ("id") do update set "listings" = place."listings" + 1;
      end if;
      if removed is not null then
        update place set "listings" = "listings" - 1 where "id" = removed;
      end if;
      return null;
    end $$`.execute(db)
}

async function orderVocabularyLocks(db: Kysely<unknown>) {
  const words = (row: 'new' | 'old') => sql`unnest(string_to_array(${sql.raw(row)}."words", ' '))`
  await sql`
    create or replace function listing_word_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old."status" = 'active' then
        delete from listing_word
        where "word" = any (string_to_array(old."words", ' '))
          and "type" = old."type" and "price" = old."price" and "id" = old."id";
      end if;
      if tg_op <> 'DELETE' and new."status" = 'active' then
        insert into listing_word
        select distinct word, new."type", new."price", new."timestamp", new."id", new."lat", new."lng"
        from ${words('new')} as word where word <> '';
        insert into listing_vocabulary
        select distinct word from ${words('new')} as word where word <> ''
        order by word
        on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db)
}
