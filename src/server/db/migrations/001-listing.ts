// Migration 001: the listings.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userRef', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'varchar(4)', (col) => col.notNull().check(sql`"type" in ('rent', 'sale')`))
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

  // One index per list query of the spec; each ends in (timestamp, id), the keyset order.
  await db.schema.createIndex('listing_newest').on('listing').columns(['timestamp', 'id']).execute()
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing').execute()
}
