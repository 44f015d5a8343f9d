// A bulk load drops the listings' indexes and builds them again afterwards: the database must end
// with exactly the indexes it began with, the same definitions, whether the load succeeded or not.
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  listingRow,
  type TestApp,
} from '../../../tests/support/test-app'
import { insertListingRows } from './bulk-insert'
import { withIndexesBuiltAfter } from './indexes-built-after'

const tables = ['listing', 'listing_word']

describe.each(dialects)('indexes built after a bulk load, on %s', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(dialect)
  })
  afterEach(() => t?.close())

  /** Every index of the two tables, with its definition, the constraints' own included. */
  const indexes = async () => {
    const { rows } = await (
      dialect === 'postgres'
        ? sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where tablename in (${sql.join(tables)}) and schemaname = current_schema()
          order by indexname`
        : sql<{ name: string; definition: string | null }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name in (${sql.join(tables)})
          order by name`
    ).execute(t.context.db.kysely)
    return rows
  }

  it('runs the load without the secondary indexes and leaves them as they were', async () => {
    const before = await indexes()
    expect(before.map((index) => index.name)).toContain('listing_word_newest')
    let during: string[] = []
    await withIndexesBuiltAfter(t.context.db, t.context.db.kysely, tables, async () => {
      during = (await indexes()).map((index) => index.name)
    })
    // What stays is what a constraint owns: the primary keys' indexes.
    expect(during.length).toBeGreaterThan(0)
    expect(during.length).toBeLessThan(before.length)
    expect(during).not.toContain('listing_word_newest')
    expect(during).not.toContain('listing_price')
    expect(await indexes()).toEqual(before)
  })

  it('builds them again when the load throws, and passes the error on', async () => {
    const before = await indexes()
    const failing = withIndexesBuiltAfter(t.context.db, t.context.db.kysely, tables, async () => {
      throw new Error('the load failed')
    })
    await expect(failing).rejects.toThrow('the load failed')
    expect(await indexes()).toEqual(before)
  })

  const dropsOfABulkLoad = async () => {
    const { id: userRef } = await createUser(t.context)
    const statements = await recordStatements(dialect, () =>
      insertListingRows(t.context.db, 3, (n) => listingRow({ userRef, name: `Bulk Flat ${n}` })),
    )
    return statements.filter((statement) => /^\s*drop index/i.test(statement.sql)).length
  }

  it('builds the indexes after a bulk load into an empty table', async () => {
    const before = await indexes()
    expect(await dropsOfABulkLoad()).toBeGreaterThan(0)
    expect(await indexes()).toEqual(before)
  })

  it(
    dialect === 'postgres'
      ? 'keeps the indexes through a bulk load into a table that holds listings'
      : 'builds them after a bulk load into a table that holds listings too, in its transaction',
    async () => {
      await insertListing(t.context, { userRef: (await createUser(t.context)).id })
      const drops = await dropsOfABulkLoad()
      if (dialect === 'postgres') expect(drops).toBe(0)
      else expect(drops).toBeGreaterThan(0)
    },
  )
})
