// Which database a migration runs on, for the few statements each writes its own way.
import { type Kysely, PostgresAdapter } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
