// Migration 025: reports of listings, and listings hidden by a moderator
// (docs/decisions/056-reports-and-moderation.md). A listing's status may now be 'hidden' or
// 'expired' (its owner did not confirm it) too; neither is on the market, so the search's
// structures, which hold only 'active' listings, need no change.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'

const statuses = sql`('active', 'sold', 'rented', 'hidden', 'expired')`

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await widenPostgresStatus(db)
  } else {
    await widenSqliteStatus(db)
  }

  await db.schema
    .createTable('listing_report')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    // Null for a report the server made itself (a photo found on another owner's listing).
    .addColumn('reporterId', 'text', (col) => col.references('user.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(20)', (col) =>
      col
        .notNull()
        .check(
          sql`"reason" in ('scam', 'wrong-information', 'unavailable', 'offensive', 'duplicate', 'other')`,
        ),
    )
    .addColumn('details', 'text')
    // The listing whose photo a 'duplicate' report found again.
    .addColumn('duplicateOf', 'varchar(64)', (col) =>
      col.references('listing.id').onDelete('set null'),
    )
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    // When a moderator hid the listing, dismissed its reports, or showed it again.
    .addColumn('closedAt', 'bigint')
    .addUniqueConstraint('listing_report_listing_reporter', ['listingId', 'reporterId'])
    .execute()
  // The open reports, gathered by listing for the moderators' list.
  await sql`
    create index listing_report_open on listing_report ("listingId")
    where "closedAt" is null`.execute(db)

  await db.schema
    .createTable('hidden_listing')
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.primaryKey().references('listing.id').onDelete('cascade'),
    )
    .addColumn('reason', 'text', (col) => col.notNull())
    // What showing it again sets back.
    .addColumn('previousStatus', 'varchar(7)', (col) => col.notNull())
    // Null when the reports of three people hid it.
    .addColumn('hiddenBy', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('hiddenAt', 'bigint', (col) => col.notNull())
    .execute()
  // The moderators' list of hidden listings, the latest first.
  await db.schema
    .createIndex('hidden_listing_hidden_at')
    .on('hidden_listing')
    .column('hiddenAt')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hidden_listing').execute()
  await db.schema.dropTable('listing_report').execute()
}

/**
 * varchar(6) to varchar(7) is binary-coercible: no row is rewritten. PostgreSQL alters no type of
 * a column a trigger names, so the listing's triggers are dropped meanwhile and made again.
 */
async function widenPostgresStatus(db: Kysely<any>): Promise<void> {
  const { rows: triggers } = await sql<{ name: string; definition: string }>`
    select tgname as name, pg_get_triggerdef(oid) as definition from pg_trigger
    where tgrelid = 'listing'::regclass and not tgisinternal
    order by tgname`.execute(db)
  for (const { name } of triggers) await sql`drop trigger ${sql.id(name)} on listing`.execute(db)
  await sql`alter table listing drop constraint listing_status_check`.execute(db)
  await sql`alter table listing alter column "status" type varchar(7)`.execute(db)
  await sql`
    alter table listing add constraint listing_status_check
    check ("status" in ${statuses}) not valid`.execute(db)
  await sql`alter table listing validate constraint listing_status_check`.execute(db)
  for (const { definition } of triggers) await sql.raw(definition).execute(db)
}

/**
 * SQLite keeps a column's CHECK in the table's text, and cannot drop it: the status moves to a new
 * column with the wider check. The listing's indexes and triggers are dropped first, so that the
 * copy fires no search trigger and the old column can be dropped, and made again as they were.
 */
async function widenSqliteStatus(db: Kysely<any>): Promise<void> {
  const { rows: saved } = await sql<{ name: string; type: string; sql: string }>`
    select name, type, sql from sqlite_master
    where tbl_name = 'listing' and type in ('index', 'trigger') and sql is not null
    order by rowid`.execute(db)
  for (const { name, type } of saved) {
    await sql`drop ${sql.raw(type)} ${sql.id(name)}`.execute(db)
  }
  await sql`
    alter table listing add column "newStatus" varchar(7) not null default 'active'
    check ("newStatus" in ${statuses})`.execute(db)
  await sql`update listing set "newStatus" = "status"`.execute(db)
  await sql`alter table listing drop column "status"`.execute(db)
  await sql`alter table listing rename column "newStatus" to "status"`.execute(db)
  // In the order they were made: where two indexes serve a query equally, SQLite's planner takes
  // the one made first.
  for (const { sql: definition } of saved) await sql.raw(definition).execute(db)
}
