// Migration 026: the perceptual hashes of listing photos, to find a photo that another owner's
// listing shows too (docs/decisions/057-copied-photos.md). Each hash is kept as its eight bytes,
// one row each: two hashes of the same photo share at least two of them, so a lookup of a new
// photo's bytes finds every candidate by an index, and the distance is checked on those alone.
import { type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_hash_block')
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    // The listing's owner, so that a lookup leaves the owner's own photos out.
    .addColumn('userRef', 'text', (col) => col.notNull())
    // The photo's image folder: removing a photo from the listing removes its rows.
    .addColumn('imageKey', 'text', (col) => col.notNull())
    // The whole 64-bit hash, 16 hex digits, and which of its eight bytes this row holds.
    .addColumn('hash', 'varchar(16)', (col) => col.notNull())
    .addColumn('block', 'smallint', (col) => col.notNull())
    .addColumn('value', 'smallint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('photo_hash_block_value')
    .on('photo_hash_block')
    .columns(['block', 'value'])
    .execute()
  await db.schema
    .createIndex('photo_hash_block_listing')
    .on('photo_hash_block')
    .columns(['listingId', 'imageKey'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_hash_block').execute()
}
