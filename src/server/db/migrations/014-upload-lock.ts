// Migration 014: tus' lock on an upload, held by one request on any server (decision 015): who
// holds it, until when, and since when another request waits for it.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('lockHolder', 'text').execute()
  await db.schema.alterTable('upload').addColumn('lockExpiresAt', 'bigint').execute()
  await db.schema.alterTable('upload').addColumn('lockWantedAt', 'bigint').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['lockHolder', 'lockExpiresAt', 'lockWantedAt']) {
    await db.schema.alterTable('upload').dropColumn(column).execute()
  }
}
