// Migration 028: owners' statistics (docs/decisions/059-listing-statistics.md). Counts per listing
// and UTC day; apart from them, the day's random salt and the hashes of the day's visitors, which
// only serve to count a visitor once a day and are deleted when the day is over.
import { type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_stat')
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    // `YYYY-MM-DD`, in UTC
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('saves', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('conversations', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bookings', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('alertHits', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_stat_pk', ['listingId', 'day'])
    .execute()
  // The weekly mail's read of the days that had any activity.
  await db.schema.createIndex('listing_stat_day').on('listing_stat').column('day').execute()

  // One random salt per day, shared by every server so that a visitor is the same on each.
  await db.schema
    .createTable('view_salt')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('salt', 'varchar(64)', (col) => col.notNull())
    .execute()
  // A listing's visitors of the day, as hashes of salt, listing, address and browser.
  await db.schema
    .createTable('listing_visitor')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('visitorHash', 'varchar(32)', (col) => col.notNull())
    .addColumn('listingId', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('listing_visitor_pk', ['day', 'visitorHash'])
    .execute()
  // Visitors of the day that asked for robots.txt or a sitemap: crawlers, whatever they are called.
  await db.schema
    .createTable('robot_visitor')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('visitorHash', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('robot_visitor_pk', ['day', 'visitorHash'])
    .execute()

  // The Monday mail of an owner's statistics; on unless they turn it off.
  await db.schema
    .alterTable('contact_preference')
    .addColumn('statsMail', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_preference').dropColumn('statsMail').execute()
  await db.schema.dropTable('robot_visitor').execute()
  await db.schema.dropTable('listing_visitor').execute()
  await db.schema.dropTable('view_salt').execute()
  await db.schema.dropTable('listing_stat').execute()
}
