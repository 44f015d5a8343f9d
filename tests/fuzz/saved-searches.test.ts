// Fuzzes POST, PATCH and DELETE /api/saved-searches: hostile bodies, others' saved searches, odd ids,
// no session.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savedSearchQuery, type SavedSearch } from '../../src/shared/saved-search'
import {
  newSavedSearchSchema,
  savedSearchChangeSchema,
  savedSearchParameters,
} from '../../src/shared/saved-search-schema'
import { searchSummary } from '../../src/shared/search-summary'
import { createTestApp, dialects, type TestApp } from '../support/test-app'
import {
  ask,
  expectNoPrototypePollution,
  expectErrorResponse,
  successBody,
  type TextResponse,
} from '../support/fuzz/responses'
import { abbreviate, fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  contentType,
  forgedSessionCookie,
  hostileBody,
  hostileSegment,
  hostileString,
} from '../support/fuzz/hostile-values'
import { acceptedBody } from '../support/fuzz/accepted-body'
import { expectStoredSavedSearchesValid } from '../support/fuzz/stored-rows'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'

/** Search parameters as a person's search or a script would send them, good and bad. */
const plausibleQuery = fc.dictionary(
  fc.constantFrom(...savedSearchParameters, 'cursor', 'limit', 'zoom'),
  fc.oneof(
    fc.constantFrom(
      'rent',
      'sale',
      'true',
      'false',
      '0',
      '3',
      '2000',
      '9999999999',
      ' Paris ',
      'price-asc',
      'newest',
      '2.2,48.8,2.4,48.9',
      '170,-10,-170,10',
      '',
    ),
    hostileString,
  ),
  { maxKeys: 6 },
)

const plausible = {
  name: fc.oneof(
    fc.constantFrom('Flats in Lyon', '  Padded name  ', '', '   '),
    fc.string({ unit: 'grapheme', maxLength: 110 }),
  ),
  query: plausibleQuery,
  alerts: fc.constantFrom('instant', 'daily', 'off', 'weekly', 'DAILY'),
  userId: fc.constant('someone-else'),
  id: fc.constant('chosen-id'),
}

const validBody = { name: 'Flats in Lyon', query: { type: 'rent', q: 'Lyon' }, alerts: 'daily' }
/** The saved searches made before the runs keep another search: saving it again is a 409. */
const storedBody = { name: 'Houses in Nice', query: { type: 'sale', q: 'Nice' }, alerts: 'off' }

describe.each(dialects)('hostile writes to /api/saved-searches on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let other: SignedInUser
  let own: SavedSearch
  let others: SavedSearch

  /** Each request from an address of its own: the per-address write limits are tested apart. */
  let requests = 0
  const send = (method: string, url: string, body: string, type: string, cookie = owner.cookie) => {
    requests += 1
    const address = `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`
    return ask(
      t.app,
      url,
      { method, headers: { 'Content-Type': type, Origin: origin, Cookie: cookie }, body },
      address,
    )
  }

  const storedRow = (id: string) =>
    t.context.db.kysely
      .selectFrom('saved_search')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
  const count = async () =>
    Number(
      (
        await t.context.db.kysely
          .selectFrom('saved_search')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )

  async function afterEachCase() {
    await expectStoredSavedSearchesValid(t.context.db)
    expectNoPrototypePollution()
  }

  async function create(user: SignedInUser) {
    const response = await send(
      'POST',
      '/api/saved-searches',
      JSON.stringify(storedBody),
      'application/json',
      user.cookie,
    )
    return successBody<SavedSearch>(response)
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await signUpAndIn(t.context, { name: 'Owner Person' })
    other = await signUpAndIn(t.context, { name: 'Other Person' })
    own = await create(owner)
    others = await create(other)
  })
  afterAll(() => t?.close())

  it(
    'saves a search only from a valid body, as it was sent, and stores nothing otherwise',
    async () => {
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileBody(validBody, plausible), contentType, async (text, type) => {
          const before = await count()
          const response = await send('POST', '/api/saved-searches', text, type)
          const input = acceptedBody(newSavedSearchSchema, text, type)
          tally.count(response.status === 201)
          if (response.status === 201) {
            expect(input, abbreviate(text)).toBeDefined()
            const { filter, sort } = input!.query
            expect(successBody<SavedSearch>(response)).toMatchObject({
              name: input!.name || searchSummary(filter, sort),
              query: savedSearchQuery({ filter, sort }),
              alerts: input!.alerts,
            })
            await afterEachCase()
            const removed = await send(
              'DELETE',
              `/api/saved-searches/${successBody<SavedSearch>(response).id}`,
              '',
              'application/json',
            )
            expect(removed.status).toBe(204)
          } else if (response.status === 409) {
            // The search our stored one already keeps: its id, and nothing new stored.
            const { id } = expectErrorResponse(response, ['id']) as { id?: unknown }
            expect(input, abbreviate(text)).toBeDefined()
            expect(id).toBe(own.id)
            expect(await count()).toBe(before)
          } else {
            expectErrorResponse(response)
            expect(input, `rejected ${abbreviate(text)}: ${response.text}`).toBeUndefined()
            expect(await count()).toBe(before)
          }
          await afterEachCase()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'changes our saved search only with a valid body, and leaves it as it was otherwise',
    async () => {
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(
          hostileBody({ alerts: 'off' }, plausible),
          contentType,
          async (text, type) => {
            const before = await storedRow(own.id)
            const response = await send('PATCH', `/api/saved-searches/${own.id}`, text, type)
            const input = acceptedBody(savedSearchChangeSchema, text, type)
            tally.count(response.status === 200)
            if (response.status === 200) {
              expect(input, abbreviate(text)).toBeDefined()
              const saved = successBody<SavedSearch>(response)
              if (input!.alerts) expect(saved.alerts).toBe(input!.alerts)
              if (input!.name) expect(saved.name).toBe(input!.name)
              if (input!.query) {
                expect(saved.query).toEqual(savedSearchQuery(input!.query))
              }
              expect(saved.createdAt).toBe(own.createdAt)
            } else {
              expectErrorResponse(response)
              expect(input, `rejected ${abbreviate(text)}: ${response.text}`).toBeUndefined()
              expect(await storedRow(own.id)).toEqual(before)
            }
            await afterEachCase()
          },
        ),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    "responds with 404 to any change or delete of another user's saved search, or of ids that are none",
    async () => {
      const target = fc.oneof(
        { arbitrary: fc.constant(others.id), weight: 2 },
        { arbitrary: hostileSegment, weight: 1 },
      )
      const body = fc.oneof(
        fc.constant(JSON.stringify({ name: 'Taken' })),
        hostileBody({ name: 'Taken' }, plausible),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('PATCH', 'DELETE'),
          target,
          body,
          async (method, id, text) => {
            const before = await storedRow(others.id)
            const response = await send(
              method,
              `/api/saved-searches/${id}`,
              text,
              'application/json',
            )
            expectErrorResponse(response)
            if (response.status === 413) {
              expect(Buffer.byteLength(text)).toBeGreaterThan(64 * 1024)
            } else if (id !== own.id) {
              expect(response.status, id).toBe(404)
            }
            expect(await storedRow(others.id)).toEqual(before)
            await afterEachCase()
          },
        ),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )

  it(
    'responds with 401 to every route without a valid session, whatever the cookie says',
    async () => {
      const cookie = forgedSessionCookie(owner.cookie)
      const request = fc.constantFrom(
        ['GET', '/api/saved-searches'],
        ['POST', '/api/saved-searches'],
        ['PATCH', '/api/saved-searches/OWN'],
        ['DELETE', '/api/saved-searches/OWN'],
      )
      await fc.assert(
        fc.asyncProperty(request, cookie, async ([method, path], forged) => {
          fc.pre(forged !== owner.cookie)
          const before = await storedRow(own.id)
          const response: TextResponse = await send(
            method!,
            path!.replace('OWN', own.id),
            method === 'GET' ? (undefined as unknown as string) : JSON.stringify(validBody),
            'application/json',
            forged,
          )
          expect(response.status, response.text).toBe(401)
          expectErrorResponse(response)
          expect(await storedRow(own.id)).toEqual(before)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
