// Migration 024: a home type's listings on the market, newest first or by price, as a range of one
// index each. A search for some home types reads one range per type and merges them in the sort's
// order (docs/decisions/051-home-type-ranges.md): the sort indexes alone pass every cheaper studio
// and flat before the first house.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index listing_home_type_newest on listing ("homeType", "timestamp", "id")
    where "status" = 'active'`.execute(db)
  await sql`
    create index listing_home_type_price on listing ("homeType", "price", "id")
    where "status" = 'active'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index listing_home_type_price`.execute(db)
  await sql`drop index listing_home_type_newest`.execute(db)
}
