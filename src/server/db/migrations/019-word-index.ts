// Migration 019: a row per word of each listing on the market, with the listing's sort values,
// so that a page of a word in price or newest order is an index range scan that stops after the
// page, and the distinct words, so that a typed prefix becomes a few whole words
// (docs/decisions/011-search-on-the-databases.md). Triggers keep both in step with `listing`.
// Frozen history: it splits `words` at spaces, as the column is written when this was.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'

/** The columns whose change moves a listing's rows: its words, sort values, status and place. */
const watchedColumns = [
  'words',
  'type',
  'regularPrice',
  'discountedPrice',
  'offer',
  'timestamp',
  'status',
  'lat',
  'lng',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db)
  else await upSqlite(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger listing_word_sync on listing`.execute(db)
    await sql`drop function listing_word_sync()`.execute(db)
  } else {
    for (const name of ['listing_word_insert', 'listing_word_delete', 'listing_word_update']) {
      await sql`drop trigger ${sql.ref(name)}`.execute(db)
    }
  }
  await sql`drop table listing_word`.execute(db)
  await sql`drop table listing_vocabulary`.execute(db)
}

/**
 * SQLite names the listing by `seq` (its integer key, the quickest way to the row) and keeps the
 * id for the sorts' tie-break. The primary key serves the price sorts; the second index the newest.
 */
async function upSqlite(db: Kysely<unknown>) {
  await sql`
    create table listing_word (
      "word" text not null,
      "type" text not null,
      "price" integer not null,
      "timestamp" integer not null,
      "id" text not null,
      "seq" integer not null,
      primary key ("word", "type", "price", "id")
    ) without rowid`.execute(db)
  await sql`create table listing_vocabulary ("word" text primary key) without rowid`.execute(db)

  // No WITH inside a trigger: json_each splits the words, which hold only letters and digits.
  const wordsOf = (row: 'new' | 'old' | 'listing') =>
    sql`json_each('["' || replace(${sql.raw(row)}."words", ' ', '","') || '"]')`
  const insertWords = (row: 'new' | 'listing') => sql`
    insert into listing_word ("word", "type", "price", "timestamp", "id", "seq")
    select distinct value, ${sql.raw(row)}."type", ${sql.raw(row)}."price",
      ${sql.raw(row)}."timestamp", ${sql.raw(row)}."id", ${sql.raw(row)}."seq"
    from ${sql.raw(row === 'listing' ? 'listing,' : '')} ${wordsOf(row)}
    where value <> '' and ${sql.raw(row)}."status" = 'active'`
  const insertVocabulary = (row: 'new' | 'listing') => sql`
    insert or ignore into listing_vocabulary ("word")
    select distinct value from ${sql.raw(row === 'listing' ? 'listing,' : '')} ${wordsOf(row)}
    where value <> '' and ${sql.raw(row)}."status" = 'active'`
  const deleteWords = sql`
    delete from listing_word
    where "word" in (select value from ${wordsOf('old')})
      and "type" = old."type" and "price" = old."price" and "id" = old."id"
      and old."status" = 'active'`

  // In the primary key's order, and the second index after the rows: both then grow at their end
  // instead of everywhere at once, which at a million listings is minutes apart.
  await sql`${insertWords('listing')} order by 1, 2, 3, 5`.execute(db)
  await insertVocabulary('listing').execute(db)
  await sql`
    create index listing_word_newest
    on listing_word ("word", "type", "timestamp", "id", "seq")`.execute(db)
  await sql`
    create trigger listing_word_insert after insert on listing begin
      ${insertWords('new')};
      ${insertVocabulary('new')};
    end`.execute(db)
  await sql`
    create trigger listing_word_delete after delete on listing begin
      ${deleteWords};
    end`.execute(db)
  await sql`
    create trigger listing_word_update
    after update of ${sql.join(watchedColumns.map((name) => sql.ref(name)))} on listing begin
      ${deleteWords};
      ${insertWords('new')};
      ${insertVocabulary('new')};
    end`.execute(db)
}

/**
 * PostgreSQL names the listing by id. Each index carries the other sort value and the place, so
 * a price range under the newest sort, or a map box, is checked in the index without the table.
 * Words compare byte by byte ("C"), so that a prefix is a range of the vocabulary's index.
 */
async function upPostgres(db: Kysely<unknown>) {
  await sql`
    create table listing_word (
      "word" text collate "C" not null,
      "type" varchar(4) not null,
      "price" integer not null,
      "timestamp" bigint not null,
      "id" varchar(64) not null,
      "lat" double precision not null,
      "lng" double precision not null
    )`.execute(db)
  await sql`create table listing_vocabulary ("word" text collate "C" primary key)`.execute(db)
  const words = (row: 'new' | 'old' | 'listing') =>
    sql`unnest(string_to_array(${sql.raw(row)}."words", ' '))`
  await sql`
    insert into listing_word
    select distinct word, "type", "price", "timestamp", "id", "lat", "lng"
    from listing, ${words('listing')} as word
    where word <> '' and "status" = 'active'`.execute(db)
  await sql`
    insert into listing_vocabulary select distinct "word" from listing_word`.execute(db)
  // After the rows: building an index once is quicker than growing it row by row.
  await sql`
    create index listing_word_price on listing_word ("word", "type", "price", "id")
    include ("timestamp", "lat", "lng")`.execute(db)
  await sql`
    create index listing_word_newest on listing_word ("word", "type", "timestamp", "id")
    include ("price", "lat", "lng")`.execute(db)

  await sql`
    create function listing_word_sync() returns trigger language plpgsql as $$
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
        on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger listing_word_sync
    after insert or delete or update of ${sql.join(watchedColumns.map((name) => sql.ref(name)))}
    on listing for each row execute function listing_word_sync()`.execute(db)
}
