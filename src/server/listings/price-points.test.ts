// How the badges' read of the price history runs on each database: in the statement that reads the
// listings, by the history's primary key, and on a search page only for the page's own rows (the
// page's statement runs first, as a co-routine or a subquery scan, and the points are read after).
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  requestJson,
  type TestApp,
  testOrigin,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'

const base = Date.UTC(2025, 0, 15)
const day = 86_400_000

describe.each(dialects)('the price points read on %s', (dialect) => {
  let t: TestApp
  let ownerId: string
  let cookie: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const owner = await createUser(t.context)
    ownerId = owner.id
    cookie = await signIn(t.context, owner)
    const rows = await insertListings(
      t.context,
      Array.from({ length: 600 }, (_, n) => ({
        userRef: owner.id,
        name: n % 2 ? 'Cosy Cottage' : 'Bright Flat',
        regularPrice: 1000 + n,
        lat: 48.85 + (n % 50) / 10_000,
        lng: 2.35 + (n % 40) / 10_000,
        timestamp: base - n * 60_000,
      })),
    )
    // Each listing's price changed a few times since.
    await t.context.db.kysely
      .insertInto('listing_price_history')
      .values(
        rows.flatMap((row, n) =>
          [1, 2, 3].map((k) => ({
            listingId: row.id,
            at: row.timestamp + k * 20 * day,
            regularPrice: 1000 + n - k,
            discountedPrice: null,
            offer: t.context.db.bool(false),
            price: 1000 + n - k,
          })),
        ),
      )
      .execute()
    if (dialect === 'postgres') {
      await sql`vacuum analyze listing, listing_price_history`.execute(t.context.db.kysely)
    }
    const saved = await t.app.request(`/api/favourites/${rows[0]!.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: testOrigin },
    })
    expect(saved.status).toBe(204)
  }, 60_000)
  afterAll(() => t?.close())

  /** The plan of each statement `path` sends, the response cache bypassed. */
  async function plans(path: string) {
    const separator = path.includes('?') ? '&' : '?'
    const statements = await recordStatements(dialect, async () => {
      const response = await t.app.request(`${path}${separator}_=plan`, {
        headers: { Cookie: cookie },
      })
      expect(response.status, path).toBe(200)
    })
    const read = statements.filter((statement) => statement.sql.includes('listing_price_history'))
    expect(read, path).toHaveLength(1)
    return Promise.all(
      read.map(async (statement) =>
        (
          await queryPlan(t.context.db, () => ({
            compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
          }))
        ).join('\n'),
      ),
    )
  }

  const searches = [
    '/api/listings',
    '/api/listings?sort=price-asc',
    '/api/listings?bbox=2.34,48.84,2.37,48.87&sort=price-desc',
    '/api/listings?q=cottage',
    '/api/listings?q=cottage&sort=price-asc&minPrice=1100',
  ]

  it.each(searches)(
    'reads the points of the page of %s by the primary key, after the page',
    async (path) => {
      for (const plan of await plans(path)) {
        for (const alias of ['point', 'newest', 'reference', 'listing_price_history']) {
          expect(scansTable(plan.split('\n'), alias), plan).toBe(false)
        }
        if (dialect === 'sqlite') {
          expect(plan).toMatch(
            /SEARCH point USING INDEX sqlite_autoindex_listing_price_history_1 \(listingId=\? AND at>\?\)/,
          )
          // A sorted page is read whole before its points: SQLite must not flatten its sort into
          // the statement that reads them (a page read in order may be, it stops at the limit).
          // The sort ends a co-routine: the page's, or that of the sorted keys the page reads.
          if (/TEMP B-TREE FOR ORDER BY/.test(plan)) {
            expect(plan).toMatch(
              /CO-ROUTINE (page|sorted)\n[\s\S]*?USE TEMP B-TREE FOR ORDER BY\nSCAN \1\n[\s\S]*CORRELATED SCALAR SUBQUERY/,
            )
          }
        } else {
          expect(plan).toMatch(/Index (Only )?Scan (Backward )?using listing_price_history_pk/)
          expect(plan).toMatch(/^Subquery Scan on page/)
        }
      }
    },
  )

  it.each([`/api/listings/LISTING`, '/api/favourites', `/api/listings?userRef=OWNER`])(
    'reads the points of %s in its one statement, by the primary key',
    async (template) => {
      const { body } = await requestJson<{ items: { id: string }[] }>(t.app, '/api/listings')
      const path = template.replace('LISTING', body.items[0]!.id).replace('OWNER', ownerId)
      for (const plan of await plans(path)) {
        for (const alias of ['point', 'newest', 'reference', 'listing_price_history']) {
          expect(scansTable(plan.split('\n'), alias), plan).toBe(false)
        }
        expect(plan).toMatch(
          dialect === 'sqlite'
            ? /sqlite_autoindex_listing_price_history_1 \(listingId=\? AND at>\?\)/
            : /listing_price_history_pk/,
        )
      }
    },
  )
})
