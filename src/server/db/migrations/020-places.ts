// Migration 020: each listing tied to its place, the gazetteer city nearest its point within
// 50 km (docs/decisions/042-places.md). `place` holds only the places that have listings, with
// their count of listings on the market kept by triggers, so that the busiest places of a typed
// prefix are an index range; the other 138,000 cities stay in the server's memory. Existing
// listings are tied here, by the frozen copy of the nearest-city search beside this file.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'
import { nearestCityFinder, readGazetteerCities, type GazetteerCity } from './nearest-city.js'

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db)
  await sql`alter table listing add column "placeId" integer`.execute(db)
  await sql`
    create table place (
      "id" integer primary key,
      "key" text ${sql.raw(postgres ? 'collate "C" ' : '')}not null default '',
      "population" integer not null default 0,
      "listings" integer not null default 0
    )`.execute(db)
  // The busiest places of a prefix: a range of `key`, read from the index alone.
  await sql`create index place_key on place ("key", "listings", "population")`.execute(db)
  // A place's listings on the market, newest first or by price: a range of one index each.
  await sql`
    create index listing_place_newest on listing ("placeId", "timestamp", "id")
    where "status" = 'active'`.execute(db)
  await sql`
    create index listing_place_price on listing ("placeId", "price", "id")
    where "status" = 'active'`.execute(db)
  if (postgres) await countTriggersPostgres(db)
  else await countTriggersSqlite(db)
  await tieExistingListings(db, postgres)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger place_listing_count on listing`.execute(db)
    await sql`drop function place_listing_count()`.execute(db)
  } else {
    for (const name of ['place_listing_insert', 'place_listing_delete', 'place_listing_update']) {
      await sql`drop trigger ${sql.ref(name)}`.execute(db)
    }
  }
  await sql`drop index listing_place_newest`.execute(db)
  await sql`drop index listing_place_price`.execute(db)
  await sql`drop table place`.execute(db)
  await sql`alter table listing drop column "placeId"`.execute(db)
}

/**
 * A listing on the market adds one to its place; the row is made if the app has not made it
 * first (then without its name's key, which only the app knows).
 */
async function countTriggersSqlite(db: Kysely<any>) {
  const add = (row: 'new') => sql`
    insert into place ("id", "listings") select ${sql.raw(row)}."placeId", 1
    where ${sql.raw(row)}."placeId" is not null and ${sql.raw(row)}."status" = 'active'
    on conflict ("id") do update set "listings" = "listings" + 1`
  const remove = (row: 'old') => sql`
    update place set "listings" = "listings" - 1
    where "id" = ${sql.raw(row)}."placeId" and ${sql.raw(row)}."status" = 'active'`
  await sql`
    create trigger place_listing_insert after insert on listing begin
      ${add('new')};
    end`.execute(db)
  await sql`
    create trigger place_listing_delete after delete on listing begin
      ${remove('old')};
    end`.execute(db)
  await sql`
    create trigger place_listing_update after update of "placeId", "status" on listing
    when old."placeId" is not new."placeId" or old."status" is not new."status" begin
      ${remove('old')};
      ${add('new')};
    end`.execute(db)
}

async function countTriggersPostgres(db: Kysely<any>) {
  await sql`
    create function place_listing_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old."placeId" is not distinct from new."placeId"
        and old."status" = new."status" then
        return null;
      end if;
      if tg_op <> 'INSERT' and old."placeId" is not null and old."status" = 'active' then
        update place set "listings" = "listings" - 1 where "id" = old."placeId";
      end if;
      if tg_op <> 'DELETE' and new."placeId" is not null and new."status" = 'active' then
        insert into place ("id", "listings") values (new."placeId", 1)
        on conflict ("id") do update set "listings" = place."listings" + 1;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger place_listing_count
    after insert or delete or update of "placeId", "status" on listing
    for each row execute function place_listing_count()`.execute(db)
}

const batch = 500

/** Only when there are listings: reading the gazetteer takes about a second. */
async function tieExistingListings(db: Kysely<any>, postgres: boolean) {
  const any = await sql`select 1 from listing limit 1`.execute(db)
  if (any.rows.length === 0) return
  const nearest = nearestCityFinder(readGazetteerCities())
  const { rows } = await sql<{
    id: string
    lat: number
    lng: number
  }>`select "id", "lat", "lng" from listing`.execute(db)
  const ties: { id: string; city: GazetteerCity }[] = []
  const places = new Map<number, GazetteerCity>()
  for (const row of rows) {
    const city = nearest(Number(row.lat), Number(row.lng))
    if (!city) continue
    ties.push({ id: row.id, city })
    places.set(city.id, city)
  }
  const cities = [...places.values()]
  for (let start = 0; start < cities.length; start += batch) {
    const values = cities
      .slice(start, start + batch)
      .map((city) => sql`(${city.id}, ${city.key}, ${city.population})`)
    await sql`
      insert into place ("id", "key", "population") values ${sql.join(values)}`.execute(db)
  }
  for (let start = 0; start < ties.length; start += batch) {
    const values = ties
      .slice(start, start + batch)
      .map(({ id, city }) => sql`(${id}, cast(${city.id} as integer))`)
    // The count triggers add each listing on the market to its place.
    await (
      postgres
        ? sql`
          update listing set "placeId" = tie.place from (values ${sql.join(values)}) as tie (id, place)
          where listing."id" = tie.id`
        : sql`
          update listing set "placeId" = tie.column2 from (values ${sql.join(values)}) as tie
          where listing."id" = tie.column1`
    ).execute(db)
  }
}
