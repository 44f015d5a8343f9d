// Migration 004: one row whose value changes, in the same transaction, with every write to
// `listing` (triggers, so that no way of writing is missed: the API, the seed script, plain SQL).
// Each server caches responses with the version they were read at and checks it on every read
// (docs/decisions/009-listing-response-cache.md). A random value rather than a counter: after a
// restore from backup, a counter would repeat values that stood for other contents.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'
import { createListingVersionTriggers } from './listing-version-triggers.js'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`"id" = 1`))
    .addColumn('version', 'text', (col) => col.notNull())
    .execute()
  const newVersion = isPostgres(db) ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`
  await sql`insert into listing_version (id, version) values (1, ${newVersion})`.execute(db)
  await createListingVersionTriggers(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger listing_version_bump on listing`.execute(db)
    await sql`drop function listing_version_bump()`.execute(db)
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`listing_version_${event}`)}`.execute(db)
    }
  }
  await db.schema.dropTable('listing_version').execute()
}
