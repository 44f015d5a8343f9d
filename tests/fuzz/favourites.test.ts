// Fuzzes /api/favourites: hostile limits and cursors on the saved list, tampered cursors, odd ids to
// save and unsave, and every route without a session.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FavouriteIds, FavouritePage } from '../../src/shared/favourites'
import {
  decodeFavouriteCursor,
  encodeFavouriteCursor,
  type FavouriteKey,
} from '../../src/server/favourites/favourite-cursor'
import { ask, expectErrorResponse, successBody } from '../support/fuzz/responses'
import { fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  hostileQuery,
  hostileSegment,
  hostileString,
  percentEncode,
  tamperedCursor,
} from '../support/fuzz/hostile-values'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { createTestApp, dialects, insertListings, type TestApp } from '../support/test-app'

const base = Date.UTC(2025, 0, 15)
const pageKeys = ['limit', 'cursor'] as const

/** Whether the saved list's query is one the API must response (the API contract), read independently of the route. */
function isValidPageQuery(search: URLSearchParams): boolean {
  const rules: Record<(typeof pageKeys)[number], (value: string) => boolean> = {
    limit: (value) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 50,
    cursor: (value) => decodeFavouriteCursor(value) !== undefined,
  }
  return pageKeys.every((key) => {
    const values = search.getAll(key)
    return values.length === 0 || (values.length === 1 && rules[key](values[0]!))
  })
}

/** (createdAt desc, listingId desc): the saved list's order. */
const newestSavedFirst = (a: FavouriteKey, b: FavouriteKey) =>
  b.createdAt - a.createdAt || (a.listingId < b.listingId ? 1 : a.listingId > b.listingId ? -1 : 0)

const isAfter = (key: FavouriteKey, after: FavouriteKey) => newestSavedFirst(key, after) > 0

/** The segment as the route reads it: percent-decoded, or as it is when it cannot be. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

describe.each(dialects)('hostile requests to /api/favourites on %s', (dialect) => {
  let t: TestApp
  let saver: SignedInUser
  let listingIds: string[] = []
  const saves: FavouriteKey[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    saver = await signUpAndIn(t.context, { name: 'Alice Martin' })
    const other = await signUpAndIn(t.context, { name: 'Bruno Costa' })
    const rows = await insertListings(
      t.context,
      Array.from({ length: 14 }, (_, n) => ({
        id: `fuzz${String(n).padStart(2, '0')}${'abcdefghijklmn'[n]}`,
        userRef: other.id,
      })),
    )
    listingIds = rows.map((row) => row.id)
    // Nine saved, pairs in the same millisecond so that ids break the ties; the other user saved
    // the rest, which must never show.
    for (const [n, id] of listingIds.entries()) {
      const key = { listingId: id, createdAt: base + Math.floor(n / 2) * 1000 }
      const userId = n < 9 ? saver.id : other.id
      await t.context.db.kysely
        .insertInto('favourite')
        .values({ userId, listingId: id, createdAt: key.createdAt })
        .execute()
      if (n < 9) saves.push(key)
    }
    saves.sort(newestSavedFirst)
  })
  afterAll(() => t?.close())

  const signedIn = (user: SignedInUser, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { Cookie: user.cookie, Origin: origin },
  })

  /** The page is the next `limit` saves after the cursor, and its cursor the last one's key. */
  function expectPage(page: FavouritePage, search: URLSearchParams) {
    const limit = Number(search.get('limit') ?? 10)
    const after = search.has('cursor') ? decodeFavouriteCursor(search.get('cursor')!) : undefined
    const expected = saves.filter((key) => !after || isAfter(key, after)).slice(0, limit)
    expect(page.items.map((item) => item.id)).toEqual(expected.map((key) => key.listingId))
    const last = expected.at(-1)
    expect(page.nextCursor).toBe(last ? encodeFavouriteCursor(last) : null)
  }

  const realCursor = () => fc.constantFrom(...saves).map(encodeFavouriteCursor)

  it(
    'responds to any query string with a correct page when it is valid and a 400 otherwise',
    async () => {
      const plausible = fc.oneof(
        fc.constantFrom('1', '3', '10', '50', '51', '0', '-1', '2.5', '1e1', ' 5', ''),
        realCursor(),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileQuery(pageKeys, plausible), async (query) => {
          const response = await ask(t.app, `/api/favourites?${query}`, signedIn(saver))
          const search = new URLSearchParams(query)
          tally.count(isValidPageQuery(search))
          if (isValidPageQuery(search)) expectPage(successBody<FavouritePage>(response), search)
          else expect(expectErrorResponse(response).fields).toBeDefined()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'rejects a tampered cursor with 400, unless it still names a place in the list',
    async () => {
      const tampered = tamperedCursor(realCursor(), (createdAt, id) => `f:${createdAt}:${id}`)
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(tampered, async (cursor) => {
          const search = new URLSearchParams({ cursor })
          const valid = decodeFavouriteCursor(cursor) !== undefined
          const response = await ask(
            t.app,
            `/api/favourites?cursor=${percentEncode(cursor)}`,
            signedIn(saver),
          )
          tally.count(valid)
          if (valid) expectPage(successBody<FavouritePage>(response), search)
          else expect(Object.keys(expectErrorResponse(response).fields ?? {})).toEqual(['cursor'])
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'saves and unsaves a listing id, responds to any other with 404, and keeps the ids right',
    async () => {
      const user = await signUpAndIn(t.context)
      const saved = new Set<string>()
      const segment = fc.oneof(hostileSegment, fc.constantFrom(...listingIds))
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('PUT', 'DELETE'), segment, async (method, id) => {
          const url = `/api/favourites/${id}`
          const response = await ask(t.app, url, signedIn(user, { method }))
          const routed = /^\/api\/favourites\/[^/]+$/.test(new URL(url, origin).pathname)
          const listingId = decodedSegment(id)
          const existing = routed && listingIds.includes(listingId)
          tally.count(existing)
          if (existing) {
            expect(response.status, `${method} ${url}`).toBe(204)
            if (method === 'PUT') saved.add(listingId)
            else saved.delete(listingId)
          } else {
            expect(expectErrorResponse(response).error, `${method} ${url}`).toMatch(/not found/i)
          }
          const ids = successBody<FavouriteIds>(
            await ask(t.app, '/api/favourites/ids', signedIn(user)),
          ).ids
          expect(new Set(ids)).toEqual(saved)
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds to every route without a session, or with a forged one, with a JSON 401',
    async () => {
      const request = fc.oneof(
        fc.constant(['GET', '/api/favourites'] as const),
        fc.constant(['GET', '/api/favourites/ids'] as const),
        fc
          .tuple(fc.constantFrom('PUT', 'DELETE'), fc.constantFrom(...listingIds))
          .map(([method, id]) => [method, `/api/favourites/${id}`] as const),
      )
      const cookie = fc.option(
        fc.oneof(
          hostileString.map((text) => `better-auth.session_token=${percentEncode(text)}`),
          fc.constant(saver.cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))),
        ),
        { nil: undefined },
      )
      await fc.assert(
        fc.asyncProperty(request, cookie, async ([method, url], forged) => {
          const headers: Record<string, string> = { Origin: origin }
          if (forged) headers.Cookie = forged
          const response = await ask(t.app, url, { method, headers })
          expect(response.status, `${method} ${url}`).toBe(401)
          expectErrorResponse(response)
        }),
        fuzzParameters(),
      )
      const { ids } = successBody<FavouriteIds>(
        await ask(t.app, '/api/favourites/ids', signedIn(saver)),
      )
      expect(ids).toEqual(saves.map((key) => key.listingId))
    },
    fuzzTimeout(),
  )
})
