// Migration 015: what search engines are told (docs/decisions/018-sitemaps-and-deleted-listings.md).
// A listing's last change, for the sitemap's lastmod; the ids of deleted listings, so their pages
// respond 410 Gone; and the sitemap's page boundaries. Triggers keep the first two, so that every
// way of writing counts: the API, a user's deletion cascading to their listings, plain SQL.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'

/** The columns whose update is a change a reader of the listing's page would see. */
const contentColumns = [
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
  'status',
]

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db)
  const now = postgres
    ? sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql`cast((julianday('now') - 2440587.5) * 86400000 as integer)`
  const columns = sql.join(contentColumns.map((name) => sql.ref(name)))

  // Null until the listing first changes: its creation (`timestamp`) is then its last change.
  // Nullable, so adding it writes no row of a large table.
  await db.schema.alterTable('listing').addColumn('changedAt', 'bigint').execute()
  await db.schema
    .createTable('deleted_listing')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('deletedAt', 'bigint', (col) => col.notNull())
    .execute()
  // Where each sitemap page after the first begins in the (timestamp, id) order.
  await db.schema
    .createTable('sitemap_page')
    .addColumn('page', 'integer', (col) => col.primaryKey())
    .addColumn('firstTimestamp', 'bigint', (col) => col.notNull())
    .addColumn('firstId', 'varchar(64)', (col) => col.notNull())
    .addUniqueConstraint('sitemap_page_first', ['firstTimestamp', 'firstId'])
    .execute()

  // The statements keep the spacing they were first written with: a database stores a trigger's
  // and a function's text as written, and a fresh database must end identical to an old one.
  if (postgres) {
    await sql`
          create function listing_changed() returns trigger language plpgsql as $$
          begin
            new."changedAt" := ${now};
            return new;
          end $$`.execute(db)
    await sql`
          create trigger listing_changed before update of ${columns} on listing
          for each row execute function listing_changed()`.execute(db)
    await sql`
          create function listing_deleted() returns trigger language plpgsql as $$
          begin
            insert into deleted_listing ("id", "deletedAt") values (old."id", ${now})
            on conflict ("id") do nothing;
            return null;
          end $$`.execute(db)
    await sql`
          create trigger listing_deleted after delete on listing
          for each row execute function listing_deleted()`.execute(db)
  } else {
    // SQLite has no BEFORE trigger that sets a column: the row is written again, by `seq`.
    // The second write changes none of the watched columns, so it starts no trigger again.
    await sql`
          create trigger listing_changed after update of ${columns} on listing begin
            update listing set "changedAt" = ${now} where "seq" = new."seq";
          end`.execute(db)
    await sql`
          create trigger listing_deleted after delete on listing begin
            insert into deleted_listing ("id", "deletedAt") values (old."id", ${now})
            on conflict ("id") do nothing;
          end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger listing_changed on listing`.execute(db)
    await sql`drop trigger listing_deleted on listing`.execute(db)
    await sql`drop function listing_changed()`.execute(db)
    await sql`drop function listing_deleted()`.execute(db)
  } else {
    await sql`drop trigger listing_changed`.execute(db)
    await sql`drop trigger listing_deleted`.execute(db)
  }
  await db.schema.dropTable('sitemap_page').execute()
  await db.schema.dropTable('deleted_listing').execute()
  await db.schema.alterTable('listing').dropColumn('changedAt').execute()
}
