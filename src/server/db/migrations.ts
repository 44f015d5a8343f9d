// Our own tables. Better Auth's tables are created first by its migrator (see migrate.ts).
import { type Kysely, type Migration, type MigrationProvider, PostgresAdapter, sql } from 'kysely'
import { hashStoredResetTokens } from '../auth/reset-tokens.js'
import type { Database } from './schema.js'
import { alertsMigration } from './alerts-migration.js'
import { conversationsMigration } from './conversations-migration.js'
import { followingMigration } from './following-migration.js'
import { placeMigration } from './place-migration.js'
import { savedHomeMailMigration } from './saved-home-mail-migration.js'
import { searchMigration } from './search-migration.js'
import { sitemapMigration } from './sitemap-migration.js'
import { statusMigration } from './status-migration.js'
import { viewingsMigration } from './viewings-migration.js'
import * as wordIndex from './word-index-migration.js'

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

      // One index per list query of the spec; each ends in (timestamp, id), the keyset order.
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
  '004-listing-version': {
    async up(db: Kysely<unknown>) {
      // One row whose value changes, in the same transaction, with every write to `listing`
      // (triggers, so that no way of writing is missed: the API, the seed script, plain SQL). Each
      // server caches responses with the version they were read at and checks it on every read
      // (docs/decisions/009-listing-response-cache.md). A random value rather than a counter:
      // after a restore from backup, a counter would repeat values that stood for other contents.
      await db.schema
        .createTable('listing_version')
        .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`"id" = 1`))
        .addColumn('version', 'text', (col) => col.notNull())
        .execute()
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter
      const newVersion = postgres ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`
      await sql`insert into listing_version (id, version) values (1, ${newVersion})`.execute(db)
      await createListingVersionTriggers(db)
    },
    async down(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`drop trigger listing_version_bump on listing`.execute(db)
        await sql`drop function listing_version_bump()`.execute(db)
      } else {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`drop trigger ${sql.raw(`listing_version_${event}`)}`.execute(db)
        }
      }
      await db.schema.dropTable('listing_version').execute()
    },
  },
  '005-hashed-reset-tokens': {
    async up(db: Kysely<unknown>) {
      // Reset links mailed before tokens were stored hashed keep working, once, until they expire.
      await hashStoredResetTokens(db as Kysely<Database>)
    },
    async down() {
      // A hash cannot be turned back into its token; Better Auth of before finds no such row,
      // so those links simply end.
    },
  },
  '006-request-limit': {
    async up(db: Kysely<unknown>) {
      // Our own routes' per-address limits, shared by every server (http/rate-limit.ts).
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
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('request_limit').execute()
    },
  },
  '007-upload-image-key': {
    async up(db: Kysely<unknown>) {
      // An edit names the images a listing keeps by the uploads they came from, and a released
      // image's upload is found by its key: each is a lookup by key, not a scan of every upload.
      await db.schema.createIndex('upload_image_key').on('upload').column('imageKey').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('upload_image_key').execute()
    },
  },
  '008-search': searchMigration(isPostgres, createListingVersionTriggers),
  '009-following': followingMigration,
  '010-listing-status': statusMigration(isPostgres),
  '011-alerts': alertsMigration,
  '012-alert-place': placeMigration,
  '013-sign-in-attempt': {
    async up(db: Kysely<unknown>) {
      // Sign-in attempts per account since its last success, shared by every server
      // (auth/sign-in-throttle.ts). Keyed by a hash of the address, whether it has an account or not.
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
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_attempt').execute()
    },
  },
  '014-upload-lock': {
    async up(db: Kysely<unknown>) {
      // tus' lock on an upload, held by one request on any server (decision 015): who holds it,
      // until when, and since when another request waits for it.
      await db.schema.alterTable('upload').addColumn('lockHolder', 'text').execute()
      await db.schema.alterTable('upload').addColumn('lockExpiresAt', 'bigint').execute()
      await db.schema.alterTable('upload').addColumn('lockWantedAt', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['lockHolder', 'lockExpiresAt', 'lockWantedAt']) {
        await db.schema.alterTable('upload').dropColumn(column).execute()
      }
    },
  },
  '015-sitemap': sitemapMigration(isPostgres),
  '016-saved-home-mail': savedHomeMailMigration,
  '017-conversations': conversationsMigration,
  '018-viewings': viewingsMigration,
  '019-word-index': wordIndex,
}

/** The triggers that change `listing_version` with every write to `listing` (migration 004). */
async function createListingVersionTriggers(db: Kysely<unknown>) {
  const postgres = isPostgres(db)
  const newVersion = postgres ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`
  if (postgres) {
    await sql`
      create or replace function listing_version_bump() returns trigger language plpgsql as $$
      begin
        update listing_version set version = ${newVersion};
        return null;
      end $$`.execute(db)
    await sql`
      create trigger listing_version_bump
      after insert or update or delete or truncate on listing
      for each statement execute function listing_version_bump()`.execute(db)
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`listing_version_${event}`)} after ${sql.raw(event)} on listing
        begin
          update listing_version set version = ${newVersion};
        end`.execute(db)
    }
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
