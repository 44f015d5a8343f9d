import { Migrator } from 'kysely'
import type { Auth } from '../auth/auth.js'
import type { Db } from './database.js'
import { migrationProvider } from './migrations/migration-provider.js'

/** Brings the schema up to date: Better Auth's tables first, since `listing` references `user`. */
export async function migrate(db: Db, auth: Auth): Promise<void> {
  await auth.migrate()
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
