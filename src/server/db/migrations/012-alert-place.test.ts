// Migration 012 on a database whose saved searches were written before it: each gets its place key
// (a word, a box's grid cells, or none), a new listing finds them through the new indexes, and going
// down and up again gives the same keys.
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseBefore, type DatabaseBefore } from '../../../../tests/support/database-before'
import { createTestApp, dialects, type TestApp } from '../../../../tests/support/test-app'
import { alertCandidatesQuery } from '../../saved-searches/alert-candidates.queries'
import { searchPlace } from '../../saved-searches/search-place'
import { migrationProvider } from './migration-provider'

const paris = { west: 2.25, south: 48.8, east: 2.42, north: 48.91 }

/** Saved searches as migration 009 stored them, and the place each must get. */
const searches = [
  { id: 'byword00000000000000', query: { type: 'rent', q: 'Rue de Rivoli' }, word: 'rivoli' },
  { id: 'bybox000000000000000', query: { bbox: '2.25,48.8,2.42,48.91' }, cells: paris },
  { id: 'bothways000000000000', query: { q: 'Flat', bbox: '2.25,48.8,2.42,48.91' }, word: 'flat' },
  { id: 'wholeworld0000000000', query: { bbox: '-180,-90,180,90', maxPrice: '2000' } },
  { id: 'anything000000000000', query: {} },
  { id: 'elsewhere00000000000', query: { q: 'Kraków' }, word: 'krakow' },
  { id: 'notjson0000000000000', query: 'not json' },
] as const

describe.each(dialects)('migration 012 on %s, over searches saved before it', (dialect) => {
  let t: TestApp
  let before: DatabaseBefore | undefined

  beforeAll(async () => {
    before = await databaseBefore(dialect, '011-alerts', async (userRef, db) => {
      for (const search of searches) {
        const query = typeof search.query === 'string' ? search.query : JSON.stringify(search.query)
        const fields =
          typeof search.query === 'string' ? {} : (search.query as Record<string, string>)
        await sql`
          insert into saved_search
            ("id", "userId", "name", "query", "alerts", "createdAt", "type", "minPrice", "maxPrice")
          values (${search.id}, ${userRef}, 'Old search', ${query}, 'instant', ${Date.now()},
            ${fields.type ?? null}, null, ${fields.maxPrice === undefined ? null : Number(fields.maxPrice)})`.execute(
          db.kysely,
        )
      }
      return []
    })
    t = await createTestApp(dialect, before.env)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await before?.remove()
  })

  async function expectPlaceKeys() {
    const rows = await t.context.db.kysely
      .selectFrom('saved_search')
      .select(['id', 'placeKind', 'placeWord'])
      .orderBy('id')
      .execute()
    const cells = await t.context.db.kysely
      .selectFrom('saved_search_cell')
      .select(['savedSearchId', 'cell'])
      .orderBy('savedSearchId')
      .orderBy('cell')
      .execute()
    const expected = [...searches].sort((a, b) => (a.id < b.id ? -1 : 1))
    expect(rows).toEqual(
      expected.map((search) => ({
        id: search.id,
        placeKind: 'word' in search ? 'word' : 'cells' in search ? 'cells' : 'none',
        placeWord: 'word' in search ? search.word : null,
      })),
    )
    expect(cells).toEqual(
      searchPlace({ bbox: paris }).cells.map((cell) => ({ savedSearchId: searches[1].id, cell })),
    )
    expect(cells.length).toBeGreaterThan(0)
  }

  /** The searches a rental in Paris on the Rue de Rivoli reads, of another owner. */
  async function candidates() {
    const rows = await alertCandidatesQuery(t.context.db.kysely, {
      type: 'rent',
      name: 'Sunny flat',
      location: '12 Rue de Rivoli, Paris',
      geolocation: { lat: 48.86, lng: 2.35 },
      userRef: 'someoneelse000000000',
      price: 1800,
    }).execute()
    return rows.map((row) => row.id).sort()
  }

  it('gives each search its place key, and a new listing finds those of its place', async () => {
    await expectPlaceKeys()
    expect(await candidates()).toEqual(
      ['byword00000000000000', 'bybox000000000000000', 'bothways000000000000']
        .concat(['wholeworld0000000000', 'anything000000000000', 'notjson0000000000000'])
        .sort(),
    )
  })

  it('removes the keys when undone, and gives the same keys when redone', async () => {
    const migrator = new Migrator({ db: t.context.db.kysely, provider: migrationProvider })
    expect((await migrator.migrateTo('011-alerts')).error).toBeUndefined()
    const columns = await sql<{ id: string }>`select * from saved_search`.execute(
      t.context.db.kysely,
    )
    expect(Object.keys(columns.rows[0]!)).not.toContain('placeKind')
    await expect(
      sql`select * from saved_search_cell`.execute(t.context.db.kysely),
    ).rejects.toThrow()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await expectPlaceKeys()
  })
})
