// The migrations give one schema however a database got there: one built fresh with all of them at
// once is compared with one migrated a step at a time, with rows written between the steps so that
// the migrations that move data (005, 008, 010, 012) run on some.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Kysely, Migrator, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, dialects } from '../../../../tests/support/test-app'
import { createAuth } from '../../auth/auth'
import { loadConfig } from '../../config'
import { createMailer } from '../../mail/mailer'
import { type Db, type Dialect, openDatabase } from '../database'
import { migrationProvider } from './migration-provider'

const ownerId = 'owner000000000000000'

/** Rows written right after the named migration, in the columns it left. */
const writesAfter: Record<string, (db: Kysely<any>, yes: boolean | number) => Promise<void>> = {
  '001-listing': async (db, yes) => {
    const now = new Date().toISOString()
    await db
      .insertInto('user')
      .values({
        id: ownerId,
        name: 'Owner',
        email: 'owner@example.com',
        emailVerified: yes,
        createdAt: now,
        updatedAt: now,
      })
      .execute()
    await db
      .insertInto('listing')
      .values(listings({ sunnyflat: 'Sunny flat', bigflat: 'Große Wohnung' }, yes))
      .execute()
  },
  '004-listing-version': async (db) => {
    const now = new Date().toISOString()
    // A reset link stored in plain, as before migration 005 hashed them.
    await db
      .insertInto('verification')
      .values({
        id: 'reset000000000000000',
        identifier: 'reset-password:plaintoken',
        value: ownerId,
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute()
  },
  '008-search': async (db, yes) => {
    await db
      .insertInto('listing')
      .values(listings({ loft: 'Loft by the park' }, yes))
      .execute()
  },
  '009-following': async (db, yes) => {
    await db
      .insertInto('listing')
      .values(
        listings({ soldcottage: 'Sold cottage' }, yes).map((row) => ({ ...row, status: 'sold' })),
      )
      .execute()
    const search = { userId: ownerId, name: 'Saved', alerts: 'instant', createdAt: 1 }
    await db
      .insertInto('saved_search')
      .values([
        { ...search, id: 'byword00000000000000', query: JSON.stringify({ q: 'Rivoli' }) },
        {
          ...search,
          id: 'bybox000000000000000',
          query: JSON.stringify({ bbox: '2.2,48.8,2.4,48.9' }),
        },
      ])
      .execute()
  },
  '011-alerts': async (db) => {
    await db
      .insertInto('saved_search_match')
      .values({ savedSearchId: 'byword00000000000000', listingId: 'sunnyflat', matchedAt: 1 })
      .execute()
  },
}

/** Listing rows of these ids and names, in the columns of migration 001. */
function listings(names: Record<string, string>, yes: boolean | number) {
  return Object.entries(names).map(([id, name], n) => ({
    id,
    userRef: ownerId,
    type: n % 2 === 0 ? 'rent' : 'sale',
    name,
    bedrooms: 2,
    bathrooms: 1,
    parking: yes,
    furnished: yes,
    location: '12 Rue de Rivoli, Paris',
    offer: yes,
    regularPrice: 1500,
    discountedPrice: 1200,
    images: '[]',
    lat: 48.86,
    lng: 2.35,
    timestamp: Date.now() + n,
  }))
}

/** A new empty database with Better Auth's tables, as `migrate` begins. */
async function emptyDatabase(dialect: Dialect): Promise<{ db: Db; remove(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-migrations-'))
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    SEED_DEMO: 'false',
    ...(database && { DATABASE_URL: database.url }),
  })
  const db = openDatabase(config)
  await createAuth(config, db, createMailer(config)).migrate()
  return {
    db,
    async remove() {
      await db.close()
      await database?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every table, column, index, constraint, trigger and function, as the database describes them. */
async function schemaOf(db: Db): Promise<unknown> {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db.kysely)).rows
  if (db.dialect === 'sqlite') {
    // Tables (virtual ones and their shadow tables too), indexes and triggers, as created.
    return rows(sql`
      select type, name, tbl_name, sql from sqlite_master
      where name not like 'sqlite_%' order by type, name`)
  }
  return {
    columns: await rows(sql`
      select table_name, column_name, data_type, udt_name, character_maximum_length,
        numeric_precision, column_default, is_nullable, is_generated, generation_expression
      from information_schema.columns where table_schema = 'public'
      order by table_name, ordinal_position`),
    indexes: await rows(sql`
      select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
      order by tablename, indexname`),
    constraints: await rows(sql`
      select conrelid::regclass::text as "table", conname, contype, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace
      order by 1, conname`),
    triggers: await rows(sql`
      select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(oid) as def
      from pg_trigger where not tgisinternal order by 1, tgname`),
    functions: await rows(sql`
      select proname, pg_get_functiondef(oid) as def from pg_proc
      where pronamespace = 'public'::regnamespace order by proname`),
  }
}

describe.each(dialects)('the migrations on %s', (dialect) => {
  const removes: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const remove of removes) await remove()
  })

  it('give a fresh database the schema of one migrated step by step over rows', async () => {
    const fresh = await emptyDatabase(dialect)
    removes.push(fresh.remove)
    const all = await new Migrator({
      db: fresh.db.kysely,
      provider: migrationProvider,
    }).migrateToLatest()
    expect(all.error).toBeUndefined()

    const stepwise = await emptyDatabase(dialect)
    removes.push(stepwise.remove)
    const migrator = new Migrator({ db: stepwise.db.kysely, provider: migrationProvider })
    const names = Object.keys(await migrationProvider.getMigrations())
    for (const name of names) {
      const { error, results } = await migrator.migrateUp()
      expect(error).toBeUndefined()
      expect(results?.map((result) => result.migrationName)).toEqual([name])
      await writesAfter[name]?.(stepwise.db.kysely, stepwise.db.bool(true))
    }

    // The rows went through the migrations that move data.
    const migrated = stepwise.db.kysely as Kysely<any>
    expect(
      await migrated.selectFrom('verification').select('identifier').executeTakeFirstOrThrow(),
    ).toEqual({ identifier: expect.stringMatching(/^reset-password-sha256:/) })
    expect(
      await migrated
        .selectFrom('listing')
        .select(['id', 'words'])
        .where('id', 'in', ['bigflat', 'sunnyflat'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 'bigflat', words: 'grosse wohnung 12 rue de rivoli paris' },
      { id: 'sunnyflat', words: 'sunny flat 12 rue de rivoli paris' },
    ])
    expect(
      await migrated
        .selectFrom('saved_search')
        .select(['id', 'placeKind', 'placeWord'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 'bybox000000000000000', placeKind: 'cells', placeWord: null },
      { id: 'byword00000000000000', placeKind: 'word', placeWord: 'rivoli' },
    ])

    const schema = await schemaOf(fresh.db)
    // The last migration's index: the description holds every step.
    expect(JSON.stringify(schema)).toContain('viewing_booking_owner_start')
    expect(await schemaOf(stepwise.db)).toEqual(schema)
  }, 60_000)
})
