// The descriptions' counts that choose how a text search reads its page: each must equal a count
// of the listings themselves, bounded, on both databases; on PostgreSQL a word its statistics
// call common is not counted in the GIN index at all.
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createUser,
  dialects,
  listingRow,
  type TestApp,
} from '../../../../tests/support/test-app'
import { insertListingRows } from '../../seed/bulk-insert'
import { descriptionCountQuery } from './description-count'

const limits = { countedRows: 1000, describedWordLength: 3 }
const count = 1_200

/** Every listing's description holds 'parquet'; one in a hundred 'parquetry'; one in four 'oak'. */
const descriptionOf = (n: number) =>
  ['Parquet floors.', n % 100 === 0 ? 'Parquetry in the hall.' : '', n % 4 === 0 ? 'Oak.' : '']
    .filter(Boolean)
    .join(' ')

describe.each(dialects)('the descriptions count on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { id: userRef } = await createUser(t.context)
    await insertListingRows(t.context.db, count, (n) =>
      listingRow({ userRef, name: `Flat ${n}`, description: descriptionOf(n) }),
    )
  })
  afterAll(() => t?.close())

  const counted = async (word: string) => {
    const query = descriptionCountQuery(dialect, [word], limits)!
    const { rows } = await query.execute(t.context.db.kysely)
    return Number(rows[0]!.rows)
  }

  /** What the listings themselves hold: descriptions with a word that starts with `word`. */
  const bruteForce = (word: string) =>
    Array.from({ length: count }, (_, n) => descriptionOf(n).toLowerCase()).filter((text) =>
      text.split(/[^a-z]+/).some((each) => each.startsWith(word)),
    ).length

  it.each(['parquetry', 'oak', 'parq', 'parquet', 'wisteria'])(
    "counts '%s' as the listings hold it, up to 1,000",
    async (word) => {
      expect(await counted(word)).toBe(Math.min(limits.countedRows, bruteForce(word)))
    },
  )

  it.runIf(dialect === 'postgres')(
    'reads a word its statistics call common from them, not from the GIN index',
    async () => {
      const plan = async (word: string) => {
        const { sql: text, parameters } = descriptionCountQuery(dialect, [word], limits)!.compile(
          t.context.db.kysely,
        )
        const { rows } = await t.context.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, costs off, timing off) ${text}`, [...parameters]),
        )
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      }
      /** Whether the listings were read: by the GIN index, or by a scan of a table this small. */
      const readsListings = (lines: string) =>
        /Scan on listing(?: \w+)? \(actual rows=\d+ loops=[1-9]/.test(lines)

      await sql`analyze listing`.execute(t.context.db.kysely)
      expect(readsListings(await plan('parquet'))).toBe(false)
      expect(await counted('parquet')).toBe(limits.countedRows)
      // A word that the statistics put in fewer than 1,000 listings is counted.
      expect(readsListings(await plan('parquetry'))).toBe(true)
      expect(await counted('parquetry')).toBe(bruteForce('parquetry'))
    },
  )
})
