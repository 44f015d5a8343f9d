// The triggers that change `listing_version` with every write to `listing`, as migration 004 made
// them. Migration 008 makes them again on SQLite, where it rebuilds `listing`.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'

export async function createListingVersionTriggers(db: Kysely<any>): Promise<void> {
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
