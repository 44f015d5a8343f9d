// A bulk load into tables whose indexes are many and large goes faster without them: each row
// would otherwise land at a random place in every index, while an index built afterwards reads
// the table once and sorts it. PostgreSQL's two GIN indexes gain most.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'

interface IndexDefinition {
  name: string
  definition: string
}

/**
 * Drops the secondary indexes of `tables` (a primary key or a unique constraint stays: the load
 * relies on them), runs `load`, then creates the same indexes again from the definitions the
 * database gave. They are created again whether `load` succeeds or throws; a process killed in
 * between leaves them missing, so this is for seeding a database no server is using.
 */
export async function withIndexesBuiltAfter<T>(
  db: Db,
  into: Kysely<Database>,
  tables: string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes =
    db.dialect === 'postgres'
      ? await postgresIndexes(into, tables)
      : await sqliteIndexes(into, tables)
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(into)
  try {
    return await load()
  } finally {
    for (const index of indexes) await sql.raw(index.definition).execute(into)
  }
}

/** The indexes made by `create index`: SQLite stores no statement for its automatic ones. */
async function sqliteIndexes(into: Kysely<Database>, tables: string[]): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select name, sql as definition from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})
    order by name
  `.execute(into)
  return rows
}

/** The indexes no constraint owns (a primary key's or a unique constraint's index is one). */
async function postgresIndexes(
  into: Kysely<Database>,
  tables: string[],
): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select index_class.relname as name, pg_get_indexdef(pg_index.indexrelid) as definition
    from pg_index
    join pg_class index_class on index_class.oid = pg_index.indexrelid
    join pg_class table_class on table_class.oid = pg_index.indrelid
    where table_class.relname in (${sql.join(tables)})
      and table_class.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint where pg_constraint.conindid = pg_index.indexrelid)
    order by index_class.relname
  `.execute(into)
  return rows
}
