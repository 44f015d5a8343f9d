// Migration 003: the length each upload declared, since the bytes a user may have staged at once
// are limited.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('upload')
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('size').execute()
}
