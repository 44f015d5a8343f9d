// A database as an older version of the app left it, for the tests of a migration: migrated up to
// a named migration, with one user and listing rows written in plain SQL as that version's columns
// were. The app then opens it (createTestApp with `env`) and brings it to the latest migration.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Migrator, sql } from 'kysely'
import { createAuth } from '../../src/server/auth/auth'
import { loadConfig } from '../../src/server/config'
import { openDatabase, type Db, type Dialect } from '../../src/server/db/database'
import { migrationProvider } from '../../src/server/db/migrations/migration-provider'
import { createMailer } from '../../src/server/mail/mailer'
import { createPostgresDatabase } from './test-app'

export interface DatabaseBefore {
  /** The environment that opens it (createTestApp's `env`). */
  env: Record<string, string>
  /** The owner of the listings written. */
  userRef: string
  /** Removes its database and data folder. */
  remove(): Promise<void>
}

/**
 * A database at `migration`, where `write` writes what that version would have (each object a
 * listing row, its booleans as booleans), in one transaction, with its owner `userRef`.
 */
export async function databaseBefore(
  dialect: Dialect,
  migration: string,
  write: (userRef: string, db: Db) => Promise<Record<string, unknown>[]>,
): Promise<DatabaseBefore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-migration-'))
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    SEED_DEMO: 'false',
    ...(database && { DATABASE_URL: database.url }),
  }
  const remove = async () => {
    await database?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
  const config = loadConfig(env)
  const db = openDatabase(config)
  const userRef = 'olduser0000000000000'
  try {
    await createAuth(config, db, createMailer(config)).migrate()
    const migrator = new Migrator({ db: db.kysely, provider: migrationProvider })
    const { error } = await migrator.migrateTo(migration)
    if (error) throw error
    const now = new Date().toISOString()
    await sql`
      insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      values (${userRef}, 'Old Owner', 'old@example.com', ${db.bool(true)}, ${now}, ${now})`.execute(
      db.kysely,
    )
    const rows = await write(userRef, db)
    await db.kysely.transaction().execute(async (trx) => {
      for (const row of rows) {
        const values: Record<string, unknown> = { ...row }
        for (const name of ['parking', 'furnished', 'offer']) {
          values[name] = db.bool(values[name] as boolean)
        }
        const columns = Object.keys(values)
        await sql`insert into listing (${sql.join(columns.map((name) => sql.ref(name)))})
          values (${sql.join(Object.values(values))})`.execute(trx)
      }
    })
  } catch (error) {
    await db.close()
    await remove()
    throw error
  }
  await db.close()
  return { env, userRef, remove }
}
