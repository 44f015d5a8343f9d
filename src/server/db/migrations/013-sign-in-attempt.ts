// Migration 013: sign-in attempts per account since its last success, shared by every server
// (auth/sign-in-throttle.ts). Keyed by a hash of the address, whether it has an account or not.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempt')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('lastAttemptAt', 'bigint', (col) => col.notNull())
    .addColumn('nextAttemptAt', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('sign_in_attempt_last')
    .on('sign_in_attempt')
    .column('lastAttemptAt')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_attempt').execute()
}
