// Every list and detail request runs the same small number of SQL statements (one, or two when a
// cached response must be read again or a signed-in owner reads their own list), however many
// listings there are and whether or not the caller is signed in (docs/performance.md). Statements
// are counted at the driver, below Kysely and Better Auth alike (tests/support/statements.ts), so
// nothing that reaches the database is missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'
import { countStatements } from '../../../tests/support/statements'

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
  const rentPage = await requestJson<ListingPage>(t.app, '/api/listings?type=rent&limit=1')
  return {
    t,
    owner,
    cookie: await signIn(t.context, owner),
    someId: page.body.items[1]!.id,
    cursor: rentPage.body.nextCursor!,
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

  /**
   * Statements each request runs on `lib`: the first time (nothing cached), again signed in (the
   * cached response, after a check of the listings' version), and after a write (check, then read).
   */
  async function measure(lib: Library) {
    const counts: Record<string, number[]> = {}
    const run = async (cookie?: string) => {
      for (const [name, url] of Object.entries(requests(lib))) {
        const count = await countStatements(dialect, async () => {
          const response = await lib.t.app.request(url, { headers: cookie ? { cookie } : {} })
          expect(response.status, url).toBe(name === 'a missing listing' ? 404 : 200)
          await response.arrayBuffer()
        })
        ;(counts[name] ??= []).push(count)
      }
    }
    await run()
    await run(lib.cookie)
    await insertListing(lib.t.context, { userRef: lib.owner.id, timestamp: 0 })
    await run()
    return counts
  }

  it('runs one or two statements per list or detail request, with 3 listings or 120, signed in or not', async () => {
    const withFew = await measure(few)
    const withMany = await measure(many)
    expect(withMany).toEqual(withFew)
    for (const [request, counts] of Object.entries(withMany)) {
      // Nothing is cached for a listing that does not exist: it is read each time, and signed in,
      // read again with the hidden ones (its owner and the moderators see a hidden listing). The
      // owner's own list is read for them (it holds their hidden listings), after their session.
      const expected =
        request === 'a missing listing'
          ? [1, 2, 1]
          : request === "an owner's page"
            ? [1, 2, 2]
            : [1, 1, 2]
      expect(counts, request).toEqual(expected)
    }
  })
})
