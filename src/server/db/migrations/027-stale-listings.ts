// Migration 027: listings their owners no longer confirm (docs/decisions/058-stale-listings.md).
// When an owner last said a listing is still available, and when they were asked.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Null until the owner confirms or edits it: its publication (`timestamp`) counts until then.
  // Nullable, so adding it writes no row of a large table.
  await db.schema.alterTable('listing').addColumn('confirmedAt', 'bigint').execute()
  // The job's read of the listings on the market by when they were last confirmed.
  await sql`
    create index listing_confirmed on listing ((coalesce("confirmedAt", "timestamp")))
    where "status" = 'active'`.execute(db)
  // The last 'Still available?' mail of each listing.
  await db.schema
    .createTable('stale_listing')
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.primaryKey().references('listing.id').onDelete('cascade'),
    )
    .addColumn('mailedAt', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('stale_listing_mailed')
    .on('stale_listing')
    .column('mailedAt')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stale_listing').execute()
  await sql`drop index listing_confirmed`.execute(db)
  await db.schema.alterTable('listing').dropColumn('confirmedAt').execute()
}
