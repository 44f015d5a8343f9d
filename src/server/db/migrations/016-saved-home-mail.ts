// Migration 016: what the saved-home mails remember.
import { type Kysely, sql } from 'kysely'

/** The kinds of saved-home mail, as the job kinds of alerts/listing-alerts.ts name them. */
const kinds = sql`"kind" in ('price-cut', 'listing-closed')`

export async function up(db: Kysely<any>): Promise<void> {
  // The last mail of each kind about a listing to a person, and the lowest price a price cut
  // told them of: one row per key, claimed by one statement whatever the servers, so that an
  // owner who toggles a status or a price cannot mail the savers at will.
  await db.schema
    .createTable('saved_home_mail')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(kinds))
    .addColumn('sentAt', 'bigint', (col) => col.notNull())
    .addColumn('lowestPrice', 'integer')
    .addPrimaryKeyConstraint('saved_home_mail_pk', ['userId', 'listingId', 'kind'])
    .execute()
  // A listing's rows go with it (the cascade): found by this index rather than a scan.
  await db.schema
    .createIndex('saved_home_mail_listing')
    .on('saved_home_mail')
    .column('listingId')
    .execute()

  // The kinds of saved-home mail a person turned off with its one-click link (RFC 8058).
  await db.schema
    .createTable('mail_opt_out')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull().check(kinds))
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('mail_opt_out_pk', ['userId', 'kind'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_opt_out').execute()
  await db.schema.dropTable('saved_home_mail').execute()
}
