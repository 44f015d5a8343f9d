// Migration 011: the job queue (jobs/job-queue.ts) and what the alerts remember (alerts/).
import { type Kysely, sql } from 'kysely'

/** The price bound that stands for "none" in the candidates index: above any listing's price. */
export const noPriceBound = { min: 0, max: 2147483647 } as const

export async function up(db: Kysely<any>): Promise<void> {
  // Background work that must happen once across restarts and servers. `key` names the job, so
  // work that arrives while one is waiting joins it; `version` counts what joined, so a run that
  // started before more joined is run again.
  await db.schema
    .createTable('job')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('runAt', 'bigint', (col) => col.notNull())
    .addColumn('claimedUntil', 'bigint')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('job_due').on('job').column('runAt').execute()

  // A listing is announced to a saved search once, ever: the key says so, whatever the servers.
  await db.schema
    .createTable('saved_search_match')
    .addColumn('savedSearchId', 'varchar(64)', (col) =>
      col.notNull().references('saved_search.id').onDelete('cascade'),
    )
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    .addColumn('matchedAt', 'bigint', (col) => col.notNull())
    // When its mail went out, or was dropped because the alerts were off by then.
    .addColumn('settledAt', 'bigint')
    .addPrimaryKeyConstraint('saved_search_match_pk', ['savedSearchId', 'listingId'])
    .execute()
  await db.schema
    .createIndex('saved_search_match_listing')
    .on('saved_search_match')
    .column('listingId')
    .execute()

  // The saved searches a new listing may match, found by its type and price: a range of this
  // index per type ('' is any type), the lower bound read from the index too. Searches without
  // alerts are not in it.
  await sql`
    create index saved_search_alert_candidates on saved_search (
      coalesce("type", ''),
      coalesce("maxPrice", ${sql.lit(noPriceBound.max)}),
      coalesce("minPrice", ${sql.lit(noPriceBound.min)})
    ) where "alerts" <> 'off'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index saved_search_alert_candidates`.execute(db)
  await db.schema.dropTable('saved_search_match').execute()
  await db.schema.dropTable('job').execute()
}
