// Migration 010 on a database whose listings were sold or rented before it: afterwards the search
// structures (text index, box index, map cells) and the public lists hold only those on the market;
// going back down holds every listing again, and coming up again holds only those on the market.
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage } from '../../../shared/listing'
import type { MapResponse } from '../../../shared/listing-requests'
import { searchWords } from '../../listings/search-words'
import { storedLevels } from '../../listings/map-grid'
import { readAllPages } from '../../../../tests/support/list-pages'
import { randomSpecListings } from '../../../../tests/support/random-listings'
import { searchListings } from '../../../../tests/support/search-oracle'
import { databaseBefore, type DatabaseBefore } from '../../../../tests/support/database-before'
import {
  createTestApp,
  dialects,
  requestJson,
  type ListingRow,
  type TestApp,
} from '../../../../tests/support/test-app'
import type { Db } from '../database'
import { migrationProvider } from './migration-provider'

const everyLetter = [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `${letter}*`).join(' OR ')

describe.each(dialects)('migration 010 on %s, over listings closed before it', (dialect) => {
  let t: TestApp
  let rows: ListingRow[] = []
  let before: DatabaseBefore | undefined

  beforeAll(async () => {
    // Written as the database of before wrote them: into every search structure, closed or not.
    before = await databaseBefore(dialect, '009-following', async (userRef) => {
      rows = randomSpecListings(400, 1, 10).map(({ owner, ...fields }) => {
        void owner
        return { ...fields, userRef, images: '[]' } as ListingRow
      })
      return rows.map((row) => ({ ...row, words: searchWords(row) }))
    })
    // The app opens the same database and brings it to the latest migration, 010 included.
    t = await createTestApp(dialect, before.env)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await before?.remove()
  })

  /** What the search structures hold: per map level, its count, and SQLite's text and box rows. */
  async function stored(db: Db) {
    const levels: number[] = []
    for (const level of storedLevels) {
      const { rows: sums } = await sql<{ count: number | string | null }>`
        select sum("count") as "count" from listing_map_cell where "level" = ${level}`.execute(
        db.kysely,
      )
      levels.push(Number(sums[0]!.count ?? 0))
    }
    if (dialect === 'postgres') return { levels }
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await query.execute(db.kysely)).rows[0] as { count: number }).count)
    return {
      levels,
      area: await count(sql`select count(*) as "count" from listing_area`),
      // Every listing's name starts with a Latin word: a match of every first letter is every row.
      text: await count(
        sql`select count(*) as "count" from listing_text where listing_text match ${everyLetter}`,
      ),
    }
  }

  function held(scope: 'all' | 'active') {
    const count = rows.filter((row) => scope === 'all' || row.status === 'active').length
    const levels = storedLevels.map(() => count)
    return dialect === 'postgres' ? { levels } : { levels, area: count, text: count }
  }

  async function expectOnlyActiveListed() {
    const closed = rows.filter((row) => row.status !== 'active').length
    expect(closed).toBeGreaterThan(20)
    const listed = await readAllPages(t.app, '/api/listings?limit=50&_=after')
    expect(listed.flatMap((page: ListingPage) => page.items.map((item) => item.id))).toEqual(
      searchListings(rows, {}, 'newest').map((row) => row.id),
    )
    const mine = await readAllPages(
      t.app,
      `/api/listings?userRef=${before!.userRef}&limit=50&_=after`,
    )
    expect(mine.flatMap((page: ListingPage) => page.items).length).toBe(rows.length)
    const map = await requestJson<MapResponse>(
      t.app,
      '/api/listings/map?bbox=-180,-90,180,90&zoom=1',
    )
    expect(map.body.total).toBe(rows.length - closed)
  }

  it('holds only the listings on the market, and lists and maps only them', async () => {
    expect(await stored(t.context.db)).toEqual(held('active'))
    await expectOnlyActiveListed()
  })

  it('holds every listing again when it is undone, and only those on the market when redone', async () => {
    const migrator = new Migrator({ db: t.context.db.kysely, provider: migrationProvider })
    expect((await migrator.migrateTo('009-following')).error).toBeUndefined()
    expect(await stored(t.context.db)).toEqual(held('all'))
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    expect(await stored(t.context.db)).toEqual(held('active'))
    await expectOnlyActiveListed()
  })
})
