// Migration 009: what users follow (favourites, saved searches) and a listing's status.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Every listing so far is on the market; the search's triggers and indexes learn the status
  // in migration 010.
  await db.schema
    .alterTable('listing')
    .addColumn('status', 'varchar(6)', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`"status" in ('active', 'sold', 'rented')`),
    )
    .execute()

  await db.schema
    .createTable('favourite')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('favourite_pk', ['userId', 'listingId'])
    .execute()
  // The saved list, newest first, and the savers of a listing whose price drops or that closes.
  await db.schema
    .createIndex('favourite_newest')
    .on('favourite')
    .columns(['userId', 'createdAt', 'listingId'])
    .execute()
  await db.schema.createIndex('favourite_listing').on('favourite').column('listingId').execute()

  await db.schema
    .createTable('saved_search')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('alerts', 'varchar(7)', (col) =>
      col.notNull().check(sql`"alerts" in ('instant', 'daily', 'off')`),
    )
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('type', 'varchar(4)', (col) => col.check(sql`"type" in ('rent', 'sale')`))
    .addColumn('minPrice', 'integer')
    .addColumn('maxPrice', 'integer')
    .execute()
  await db.schema
    .createIndex('saved_search_owner')
    .on('saved_search')
    .columns(['userId', 'createdAt', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_search').execute()
  await db.schema.dropTable('favourite').execute()
  await db.schema.alterTable('listing').dropColumn('status').execute()
}
