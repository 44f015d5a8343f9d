// Migration 007: an edit names the images a listing keeps by the uploads they came from, and a
// released image's upload is found by its key: each is a lookup by key, not a scan of every upload.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('upload_image_key').on('upload').column('imageKey').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('upload_image_key').execute()
}
