// Migration 006: our own routes' per-address limits, shared by every server (http/rate-limit.ts).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_limit')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('windowStart', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('request_limit_window')
    .on('request_limit')
    .column('windowStart')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_limit').execute()
}
