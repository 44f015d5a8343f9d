// Fuzzes GET /api/listings and GET /api/listings/:id: hostile queries, tampered cursors, odd ids.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idPattern } from '../../src/shared/ids'
import type { Listing, ListingPage } from '../../src/shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type ListingRow,
  type TestApp,
} from '../support/test-app'
import { decodeCursor, encodeCursor, filterFingerprint } from '../../src/server/listings/cursor'
import type { SortKey } from '../../src/server/listings/search.queries'
import { ask, expectRefusal, successBody } from '../support/fuzz/answers'
import { fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  hostileQuery,
  hostileSegment,
  hostileString,
  percentEncode,
} from '../support/fuzz/hostile-values'

const listKeys = ['type', 'offer', 'userRef', 'limit', 'cursor'] as const

/** Whether the list query is one the API must answer (the API contract), read independently of the route. */
function isValidListQuery(search: URLSearchParams): boolean {
  const rules: Record<(typeof listKeys)[number], (value: string) => boolean> = {
    type: (value) => value === 'rent' || value === 'sale',
    offer: (value) => value === 'true' || value === 'false',
    userRef: (value) => idPattern.test(value),
    limit: (value) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 50,
    cursor: (value) => continuesList(value, search),
  }
  return listKeys.every((key) => {
    const values = search.getAll(key)
    return values.length === 0 || (values.length === 1 && rules[key](values[0]!))
  })
}

/** The fingerprint a cursor of this query's list carries: its filters, in the contract's order. */
function queryFilters(search: URLSearchParams): string {
  const present = (['type', 'offer', 'userRef'] as const).filter((key) => search.has(key))
  return filterFingerprint(present.map((key) => [key, search.get(key)!]))
}

/** A cursor we handed out for the newest-first list of exactly these filters. */
function continuesList(cursor: string, search: URLSearchParams): boolean {
  const decoded = decodeCursor(cursor)
  return decoded?.sort === 'newest' && decoded.filters === queryFilters(search)
}

/** Strictly after `key` in the list's order (timestamp, then id, both descending). */
const isAfter = (listing: Listing, key: SortKey) => {
  const timestamp = Date.parse(listing.timestamp)
  return timestamp < key.value || (timestamp === key.value && listing.id < key.id)
}

function expectPage(page: ListingPage, search: URLSearchParams) {
  const limit = Number(search.get('limit') ?? 10)
  expect(page.items.length).toBeLessThanOrEqual(limit)
  const after = search.has('cursor') ? decodeCursor(search.get('cursor')!)?.after : undefined
  for (const item of page.items) {
    if (search.has('type')) expect(item.type).toBe(search.get('type'))
    if (search.has('offer')) expect(String(item.offer)).toBe(search.get('offer'))
    if (search.has('userRef')) expect(item.userRef).toBe(search.get('userRef'))
    if (after) expect(isAfter(item, after)).toBe(true)
  }
  const last = page.items.at(-1)
  expect(page.nextCursor).toBe(
    last
      ? encodeCursor({
          sort: 'newest',
          after: { value: Date.parse(last.timestamp), id: last.id },
          filters: queryFilters(search),
        })
      : null,
  )
}

describe.each(dialects)('hostile reads of /api/listings on %s', (dialect) => {
  let t: TestApp
  const rows: ListingRow[] = []
  let userIds: string[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const alice = await createUser(t.context, { name: 'Alice Martin' })
    const bob = await createUser(t.context, { name: 'Bruno Costa' })
    userIds = [alice.id, bob.id]
    const base = Date.UTC(2025, 0, 15)
    for (let i = 0; i < 14; i++) {
      rows.push(
        await insertListing(t.context, {
          userRef: userIds[i % 2]!,
          type: i % 3 === 0 ? 'sale' : 'rent',
          offer: i % 4 === 0,
          // Pairs share a timestamp, so that ids break the ties.
          timestamp: base + Math.floor(i / 2) * 60_000,
        }),
      )
    }
  })
  afterAll(() => t?.close())

  // Cursors of the whole list and of the rent list, newest first.
  const realCursor = () =>
    fc
      .tuple(fc.constantFrom(...rows), fc.constantFrom<[string, string][]>([], [['type', 'rent']]))
      .map(([row, filters]) =>
        encodeCursor({
          sort: 'newest',
          after: { value: row.timestamp, id: row.id },
          filters: filterFingerprint(filters),
        }),
      )

  it(
    'answers any query string with a correct page when it is valid and a 400 otherwise',
    async () => {
      const plausible = fc.oneof(
        fc.constantFrom('rent', 'sale', 'true', 'false', '1', '10', '50', '51', '0', '-1', '2.5'),
        fc.constantFrom(...userIds),
        realCursor(),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileQuery(listKeys, plausible), async (query) => {
          const answer = await ask(t.app, `/api/listings?${query}`)
          const search = new URLSearchParams(query)
          tally.count(isValidListQuery(search))
          if (isValidListQuery(search)) expectPage(successBody<ListingPage>(answer), search)
          else expect(expectRefusal(answer).fields).toBeDefined()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'refuses a tampered cursor with 400, unless it still names a place in the list',
    async () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=.'
      const character = fc.oneof(
        fc.constantFrom(...alphabet),
        hostileString.filter((text) => text.length === 1),
      )
      const tampered = fc.oneof(
        // Edits of the text we handed out.
        fc
          .tuple(
            realCursor(),
            fc.nat(),
            fc.nat({ max: 3 }),
            fc.string({ unit: character, maxLength: 3 }),
          )
          .map(
            ([cursor, at, cut, insert]) =>
              cursor.slice(0, at % (cursor.length + 1)) +
              insert +
              cursor.slice((at % (cursor.length + 1)) + cut),
          ),
        // Edits of what it says, encoded again as we would.
        fc
          .tuple(
            realCursor(),
            fc.nat(),
            fc.nat({ max: 3 }),
            fc.string({ unit: character, maxLength: 4 }),
          )
          .map(([cursor, at, cut, insert]) => {
            const plain = Buffer.from(cursor, 'base64url').toString('utf8')
            const edited =
              plain.slice(0, at % (plain.length + 1)) +
              insert +
              plain.slice((at % (plain.length + 1)) + cut)
            return Buffer.from(edited, 'utf8').toString('base64url')
          }),
        // Cursors of keys that never existed, in every encoding.
        fc
          .tuple(
            fc.oneof(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String), hostileString),
            fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/), hostileString),
            fc.constantFrom('base64url', 'base64', 'hex', 'utf8' as const),
          )
          .map(([timestamp, id, encoding]) =>
            Buffer.from(`${timestamp}:${id}`, 'utf8').toString(encoding),
          ),
        fc.string({ unit: character, maxLength: 250 }),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(tampered, async (cursor) => {
          const search = new URLSearchParams({ cursor })
          const answer = await ask(t.app, `/api/listings?cursor=${percentEncode(cursor)}`)
          tally.count(continuesList(cursor, search))
          if (continuesList(cursor, search)) expectPage(successBody<ListingPage>(answer), search)
          else expect(Object.keys(expectRefusal(answer).fields ?? {})).toEqual(['cursor'])
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'answers an id that is not a listing with 404, whatever its bytes',
    async () => {
      const segment = fc.oneof(
        hostileSegment,
        fc.constantFrom(...rows).map((row) => row.id),
      )
      await fc.assert(
        fc.asyncProperty(segment, async (id) => {
          const answer = await ask(t.app, `/api/listings/${id}`)
          const existing = rows.find((row) => row.id === id)
          if (existing) expect(successBody<Listing>(answer).id).toBe(existing.id)
          else expect(expectRefusal(answer).error).toMatch(/not found/i)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )

  it(
    'answers any method on any path under /api without a session with a JSON 4xx or a read',
    async () => {
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
      const path = fc
        .array(
          fc.oneof(
            fc.constantFrom('listings', 'users', 'me', 'geocode', 'uploads'),
            hostileSegment,
          ),
          {
            minLength: 1,
            maxLength: 3,
          },
        )
        .map((segments) => `/api/${segments.join('/')}`)
        // Dot segments that climb out of /api reach the web pages, which are not this test's.
        .filter((url) => new URL(url, origin).pathname.startsWith('/api/'))
      await fc.assert(
        fc.asyncProperty(method, path, async (verb, url) => {
          const answer = await ask(t.app, url, { method: verb })
          if (answer.status < 300) expect(verb).toBe('GET')
          else expectRefusal(answer)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
