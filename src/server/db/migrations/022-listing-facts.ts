// Migration 022: the facts a portal shows besides the spec's fields (a description, the home's
// type, its floor area in square metres, the date it is available from, whether pets are
// allowed), all optional, and the history of each listing's price: one row per change of the
// price a buyer pays, the first at publication, removed with its listing. Listings written before
// get their first row at their timestamp.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('listing')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('listing').addColumn('homeType', 'varchar(16)').execute()
  await db.schema.alterTable('listing').addColumn('floorArea', 'integer').execute()
  /** `YYYY-MM-DD` */
  await db.schema.alterTable('listing').addColumn('availableFrom', 'varchar(10)').execute()
  await db.schema.alterTable('listing').addColumn('petsAllowed', 'boolean').execute()

  await db.schema
    .createTable('listing_price_history')
    // No foreign key: PostgreSQL would check each row of a bulk load of a million listings with a
    // trigger and a row lock (half as long again); the trigger below removes a listing's rows.
    .addColumn('listingId', 'varchar(64)', (col) => col.notNull())
    /** milliseconds since the epoch */
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('regularPrice', 'integer', (col) => col.notNull())
    .addColumn('discountedPrice', 'integer')
    .addColumn('offer', 'boolean', (col) => col.notNull())
    /** what a buyer pays: the discounted price on offer */
    .addColumn('price', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('listing_price_history_pk', ['listingId', 'at'])
    .execute()
  if (isPostgres(db)) {
    await sql`
          create function listing_price_history_deleted() returns trigger language plpgsql as $$
          begin
            delete from listing_price_history where "listingId" = old."id";
            return null;
          end $$`.execute(db)
    await sql`
          create trigger listing_price_history_deleted after delete on listing
          for each row execute function listing_price_history_deleted()`.execute(db)
  } else {
    await sql`
          create trigger listing_price_history_deleted after delete on listing begin
            delete from listing_price_history where "listingId" = old."id";
          end`.execute(db)
  }
  await sql`
    insert into listing_price_history ("listingId", "at", "regularPrice", "discountedPrice", "offer", "price")
    select "id", "timestamp", "regularPrice", "discountedPrice", "offer", "price" from listing`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger listing_price_history_deleted on listing`.execute(db)
    await sql`drop function listing_price_history_deleted()`.execute(db)
  } else {
    await sql`drop trigger listing_price_history_deleted`.execute(db)
  }
  await db.schema.dropTable('listing_price_history').execute()
  for (const column of ['description', 'homeType', 'floorArea', 'availableFrom', 'petsAllowed']) {
    await db.schema.alterTable('listing').dropColumn(column).execute()
  }
}
