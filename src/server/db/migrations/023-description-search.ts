// Migration 023: search by the words of a listing's description
// (docs/decisions/048-description-search.md). Each listing gets `descriptionWords`, its
// description's words normalised as `words` is, each once; the text index over them is SQLite's
// FTS5 table `listing_description_text` (no positions, no prefix indexes) and PostgreSQL's
// generated tsvector `descriptionSearch` with a GIN index, both over the listings on the market.
// The word table (migration 019) keeps only the name's and location's words.
// Frozen history: it normalises with words.ts, as the app's search-words.ts did when this was written.
import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect.js'
import { queryWords } from './words.js'

const triggers = [
  'listing_description_text_insert',
  'listing_description_text_delete',
  'listing_description_text_update',
]

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table listing add column "descriptionWords" text not null default ''`.execute(db)
  await fillDescriptionWords(db)
  if (isPostgres(db)) {
    await sql`
      alter table listing add column "descriptionSearch" tsvector
      generated always as (to_tsvector('simple', "descriptionWords")) stored`.execute(db)
    await sql`
      create index listing_description_search on listing using gin ("descriptionSearch")
      where "status" = 'active'`.execute(db)
    return
  }
  // Only whole words and prefixes of them are asked for, never phrases: no positions kept. No
  // prefix indexes either: a query word too short to be read by its own terms is checked row by row.
  await sql`
    create virtual table listing_description_text using fts5(
      "descriptionWords", content = 'listing', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2', detail = 'none'
    )`.execute(db)
  await sql`
    insert into listing_description_text (rowid, "descriptionWords")
    select seq, "descriptionWords" from listing
    where "status" = 'active' and "descriptionWords" <> ''`.execute(db)
  // A row is in the index when it is on the market and has words; 'delete' must name exactly a
  // row that went in, so both sides test the same.
  const held = (row: 'new' | 'old') =>
    sql`${sql.raw(row)}."status" = 'active' and ${sql.raw(row)}."descriptionWords" <> ''`
  const insert = sql`
    insert into listing_description_text (rowid, "descriptionWords")
    select new.seq, new."descriptionWords" where ${held('new')}`
  const remove = sql`
    insert into listing_description_text (listing_description_text, rowid, "descriptionWords")
    select 'delete', old.seq, old."descriptionWords" where ${held('old')}`
  await sql`
    create trigger listing_description_text_insert after insert on listing begin
      ${insert};
    end`.execute(db)
  await sql`
    create trigger listing_description_text_delete after delete on listing begin
      ${remove};
    end`.execute(db)
  await sql`
    create trigger listing_description_text_update
    after update of "descriptionWords", "status" on listing begin
      ${remove};
      ${insert};
    end`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index listing_description_search`.execute(db)
    await sql`alter table listing drop column "descriptionSearch"`.execute(db)
  } else {
    for (const name of triggers) await sql`drop trigger ${sql.ref(name)}`.execute(db)
    await sql`drop table listing_description_text`.execute(db)
  }
  await sql`alter table listing drop column "descriptionWords"`.execute(db)
}

/** The words of the descriptions already written, a thousand listings at a time. */
async function fillDescriptionWords(db: Kysely<any>) {
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; description: string }>`
      select "id", "description" from listing
      where "id" > ${after} and "description" <> '' order by "id" limit 1000`.execute(db)
    for (const row of rows) {
      // queryWords: the description's words, each once.
      await sql`
        update listing set "descriptionWords" = ${queryWords(row.description).join(' ')}
        where "id" = ${row.id}`.execute(db)
    }
    if (rows.length < 1000) return
    after = rows.at(-1)!.id
  }
}
