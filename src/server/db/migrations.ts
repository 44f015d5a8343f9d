// Our own tables. Better Auth's tables are created first by its migrator (see migrate.ts).
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely'

const migrations: Record<string, Migration> = {
  '001-listing': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('listing')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('userRef', 'text', (col) =>
          col.notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('type', 'varchar(4)', (col) =>
          col.notNull().check(sql`"type" in ('rent', 'sale')`),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('bedrooms', 'integer', (col) => col.notNull())
        .addColumn('bathrooms', 'integer', (col) => col.notNull())
        .addColumn('parking', 'boolean', (col) => col.notNull())
        .addColumn('furnished', 'boolean', (col) => col.notNull())
        .addColumn('location', 'text', (col) => col.notNull())
        .addColumn('offer', 'boolean', (col) => col.notNull())
        .addColumn('regularPrice', 'integer', (col) => col.notNull())
        .addColumn('discountedPrice', 'integer')
        .addColumn('images', 'text', (col) => col.notNull())
        .addColumn('lat', 'double precision', (col) => col.notNull())
        .addColumn('lng', 'double precision', (col) => col.notNull())
        .addColumn('timestamp', 'bigint', (col) => col.notNull())
        .execute()

      // One index per list query of SPEC §7; each ends in (timestamp, id), the keyset order.
      await db.schema
        .createIndex('listing_newest')
        .on('listing')
        .columns(['timestamp', 'id'])
        .execute()
      await db.schema
        .createIndex('listing_type_newest')
        .on('listing')
        .columns(['type', 'timestamp', 'id'])
        .execute()
      await db.schema
        .createIndex('listing_offer_newest')
        .on('listing')
        .columns(['offer', 'timestamp', 'id'])
        .execute()
      await db.schema
        .createIndex('listing_owner_newest')
        .on('listing')
        .columns(['userRef', 'timestamp', 'id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('listing').execute()
    },
  },
  '002-upload': {
    async up(db: Kysely<unknown>) {
      // Every image upload, with its owner: a listing may only use its owner's uploads, and
      // uploads never attached to a listing are removed after a day.
      await db.schema
        .createTable('upload')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('userId', 'text', (col) =>
          col.notNull().references('user.id').onDelete('cascade'),
        )
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
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload').execute()
    },
  },
  '003-upload-size': {
    async up(db: Kysely<unknown>) {
      // The length each upload declared: the bytes a user may have staged at once are limited.
      await db.schema
        .alterTable('upload')
        .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('upload').dropColumn('size').execute()
    },
  },
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
