// Every list and detail request runs the same small number of SQL statements, however many listings
// there are and whether or not the caller is signed in (docs/performance.md). Statements are counted
// at the driver, below Kysely and Better Auth alike, so nothing that reaches the database is missed.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Dialect } from '../db/database'
import type { ListingPage } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
  type TestUser,
} from '../../test/test-app'
import { sessionCookie } from '../../test/tus'

/** Runs `action` and answers how many statements the database was sent meanwhile. */
async function countStatements(dialect: Dialect, action: () => Promise<unknown>): Promise<number> {
  const spies =
    dialect === 'postgres'
      ? [vi.spyOn(pg.Client.prototype, 'query')]
      : (['all', 'get', 'run', 'iterate'] as const).map((method) =>
          vi.spyOn(sqliteStatement, method),
        )
  try {
    await action()
    return spies.reduce((total, spy) => total + spy.mock.calls.length, 0)
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

// better-sqlite3's Statement class is not exported; every statement shares this prototype.
const sqliteStatement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as {
  all(): unknown
  get(): unknown
  run(): unknown
  iterate(): unknown
}

interface Library {
  t: TestApp
  owner: TestUser
  cookie: string
  /** an id and a next-page cursor that exist in this library */
  someId: string
  cursor: string
}

async function library(dialect: Dialect, listings: number): Promise<Library> {
  const t = await createTestApp(dialect)
  const owner = await createUser(t.context)
  const other = await createUser(t.context)
  const base = Date.UTC(2025, 0, 15)
  for (let n = 0; n < listings; n++) {
    await insertListing(t.context, {
      userRef: n % 2 ? owner.id : other.id,
      type: n % 3 ? 'rent' : 'sale',
      offer: n % 4 === 0,
      timestamp: base - n * 60_000,
      images: ['images/a', 'images/b'],
    })
  }
  const page = await requestJson<ListingPage>(t.app, '/api/listings?limit=2')
  return {
    t,
    owner,
    cookie: await sessionCookie(t.context, owner),
    someId: page.body.items[1]!.id,
    cursor: page.body.nextCursor!,
  }
}

const requests = (lib: Library) => ({
  'first page': '/api/listings',
  'rent page': '/api/listings?type=rent',
  'offers page': '/api/listings?offer=true',
  "an owner's page": `/api/listings?userRef=${lib.owner.id}`,
  'a page of 50': '/api/listings?limit=50',
  'the page after a cursor': `/api/listings?type=rent&cursor=${lib.cursor}`,
  'one listing': `/api/listings/${lib.someId}`,
  'a missing listing': '/api/listings/NoSuchListing0000000',
})

describe.each(dialects)('statements per request on %s', (dialect) => {
  let few: Library
  let many: Library

  beforeAll(async () => {
    few = await library(dialect, 3)
    many = await library(dialect, 120)
  })
  afterAll(async () => {
    await few?.t.close()
    await many?.t.close()
  })

  /** Statements each request runs, anonymous and signed in, on `lib`. */
  async function measure(lib: Library) {
    const counts: Record<string, number> = {}
    for (const [name, url] of Object.entries(requests(lib))) {
      for (const cookie of [undefined, lib.cookie]) {
        counts[`${name}${cookie ? ', signed in' : ''}`] = await countStatements(
          dialect,
          async () => {
            const response = await lib.t.app.request(url, { headers: cookie ? { cookie } : {} })
            expect(response.status, url).toBe(name === 'a missing listing' ? 404 : 200)
            await response.arrayBuffer()
          },
        )
      }
    }
    return counts
  }

  it('runs one statement per list or detail request, with 3 listings or 120, signed in or not', async () => {
    const withFew = await measure(few)
    const withMany = await measure(many)
    expect(withMany).toEqual(withFew)
    for (const [request, count] of Object.entries(withMany)) expect(count, request).toBe(1)
  })
})
