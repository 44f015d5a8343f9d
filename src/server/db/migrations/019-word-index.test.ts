// Migration 019 over listings written before it, then every kind of write after it: the word
// table holds a row per distinct word of each listing on the market, with its current sort
// values, and the vocabulary every word of them, on both databases.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedStatusOf } from '../../../shared/listing'
import { searchWords } from '../../listings/search-words'
import { randomSpecListings } from '../../../../tests/support/random-listings'
import { databaseBefore, type DatabaseBefore } from '../../../../tests/support/database-before'
import {
  createTestApp,
  dialects,
  insertListing,
  type ListingRow,
  type TestApp,
} from '../../../../tests/support/test-app'

interface WordRow {
  word: string
  type: string
  price: number | string
  timestamp: number | string
  id: string
}

describe.each(dialects)('migration 019 on %s', (dialect) => {
  let t: TestApp
  let before: DatabaseBefore | undefined

  beforeAll(async () => {
    before = await databaseBefore(dialect, '018-viewings', async (userRef) =>
      randomSpecListings(300, 1, 19).map(({ owner, ...fields }) => {
        void owner
        const row = { ...fields, userRef, images: '[]' } as ListingRow
        return { ...row, words: searchWords(row) }
      }),
    )
    t = await createTestApp(dialect, before.env)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await before?.remove()
  })

  const key = (row: WordRow) =>
    [row.word, row.type, Number(row.price), Number(row.timestamp), row.id].join('|')

  /** The rows the word table should hold, from the listings as they are now. */
  async function expected() {
    const { rows } = await sql<WordRow & { words: string; status: string }>`
      select "id", "type", "price", "timestamp", "words", "status" from listing`.execute(
      t.context.db.kysely,
    )
    const keys = new Set<string>()
    for (const row of rows) {
      if (row.status !== 'active') continue
      for (const word of row.words.split(' ').filter(Boolean)) keys.add(key({ ...row, word }))
    }
    return [...keys].sort()
  }

  async function held() {
    const { rows } = await sql<WordRow>`
      select "word", "type", "price", "timestamp", "id" from listing_word`.execute(
      t.context.db.kysely,
    )
    const { rows: vocabulary } = await sql<{ word: string }>`
      select "word" from listing_vocabulary`.execute(t.context.db.kysely)
    return { rows: rows.map(key).sort(), vocabulary: new Set(vocabulary.map((row) => row.word)) }
  }

  async function expectInStep() {
    const want = await expected()
    const { rows, vocabulary } = await held()
    expect(rows).toEqual(want)
    for (const row of want) expect(vocabulary.has(row.split('|')[0]!), row).toBe(true)
  }

  it('holds the words of the listings on the market written before it', async () => {
    expect((await expected()).length).toBeGreaterThan(300)
    await expectInStep()
  })

  it('follows inserts, edits, closing, reopening and deletes', async () => {
    const db = t.context.db.kysely
    const owner = before!.userRef
    const name = 'Zephyr Quay Loft'
    const location = '9 Harbour Row, Oslo, Norway'
    const listing = await insertListing(t.context, { userRef: owner, name, location })
    await db
      .updateTable('listing')
      .set({ words: searchWords({ name, location }) })
      .where('id', '=', listing.id)
      .execute()
    await expectInStep()
    const renamed = { name: 'Sunny Quay Studio', location }
    await db
      .updateTable('listing')
      .set({ ...renamed, words: searchWords(renamed), regularPrice: 2_100, timestamp: 7 })
      .where('id', '=', listing.id)
      .execute()
    await db
      .updateTable('listing')
      .set({ offer: t.context.db.bool(true), discountedPrice: 1_900 })
      .where('id', '=', listing.id)
      .execute()
    await expectInStep()
    await db
      .updateTable('listing')
      .set({ status: closedStatusOf[listing.type] })
      .where('id', '=', listing.id)
      .execute()
    await expectInStep()
    await db.updateTable('listing').set({ status: 'active' }).where('id', '=', listing.id).execute()
    await expectInStep()
    await db.deleteFrom('listing').where('type', '=', 'sale').execute()
    await expectInStep()
  })
})
