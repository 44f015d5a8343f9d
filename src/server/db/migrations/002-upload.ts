// Migration 002: every image upload, with its owner. A listing may only use its owner's uploads,
// and uploads never attached to a listing are removed after a day.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('originalName', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().check(sql`"status" in ('receiving', 'ready', 'rejected', 'attached')`),
    )
    .addColumn('imageKey', 'text')
    .addColumn('error', 'text')
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('upload_owner')
    .on('upload')
    .columns(['userId', 'createdAt'])
    .execute()
  await db.schema
    .createIndex('upload_status')
    .on('upload')
    .columns(['status', 'createdAt'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload').execute()
}
