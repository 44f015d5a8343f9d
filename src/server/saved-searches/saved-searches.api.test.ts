// /api/saved-searches against a real database, on every dialect we support: each route, the limit
// of 20, the errors, and how each statement runs.
import type { App } from '../app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '../../shared/error-body'
import type { SavedSearch, SavedSearchList } from '../../shared/saved-search'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  requestJson,
  sendJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { searchPlace } from './search-place'
import { savedSearchStatements } from './saved-searches.queries'

describe.each(dialects)('saved searches API on %s', (dialect) => {
  let t: TestApp
  let alice: SignedInUser
  let bob: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    alice = await signUpAndIn(t.context, { name: 'Alice Martin' })
    bob = await signUpAndIn(t.context, { name: 'Bob Lee' })
  })
  afterAll(() => t?.close())

  const post = (body: unknown, user = alice) =>
    sendJson(t.app, 'POST', '/api/saved-searches', body, user.cookie)
  const patch = (id: string, body: unknown, user = alice) =>
    sendJson(t.app, 'PATCH', `/api/saved-searches/${id}`, body, user.cookie)
  const remove = (id: string, user = alice) =>
    t.app.request(`/api/saved-searches/${id}`, {
      method: 'DELETE',
      headers: { Origin: testOrigin, Cookie: user.cookie },
    })
  const list = (user = alice) =>
    requestJson<SavedSearchList>(t.app, '/api/saved-searches', {
      headers: { Cookie: user.cookie },
    })
  const storedRow = (id: string) =>
    t.context.db.kysely
      .selectFrom('saved_search')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
  const storedCells = (id: string) =>
    t.context.db.kysely
      .selectFrom('saved_search_cell')
      .select(['cell', 'type', 'minPrice', 'maxPrice'])
      .where('savedSearchId', '=', id)
      .orderBy('cell')
      .execute()
  const removeAll = (user: SignedInUser) =>
    t.context.db.kysely.deleteFrom('saved_search').where('userId', '=', user.id).execute()

  async function create(body: unknown, user = alice): Promise<SavedSearch> {
    const result = await post(body, user)
    expect(result.status, JSON.stringify(result.body)).toBe(201)
    return result.body as unknown as SavedSearch
  }

  describe('POST', () => {
    it('responds 201 with the saved search, its query in canonical order and named by its summary', async () => {
      const before = Date.now()
      const result = await post({
        query: {
          minBedrooms: '2',
          sort: 'price-asc',
          maxPrice: '2000',
          q: '  Paris ',
          type: 'rent',
        },
        alerts: 'daily',
      })
      expect(result.status).toBe(201)
      expect(result.contentType).toMatch(/^application\/json/)
      const saved = result.body as unknown as SavedSearch
      expect(saved).toStrictEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        name: 'Rent · Paris · up to $2,000 · 2+ bedrooms · lowest price first',
        query: { type: 'rent', q: 'Paris', maxPrice: '2000', minBedrooms: '2', sort: 'price-asc' },
        alerts: 'daily',
        createdAt: expect.any(String),
      })
      expect(Object.keys(saved.query)).toEqual(['type', 'q', 'maxPrice', 'minBedrooms', 'sort'])
      expect(Date.parse(saved.createdAt)).toBeGreaterThanOrEqual(before)
      // Type and prices are copied out for the alerts' matching; the query is kept as returned.
      const row = await storedRow(saved.id)
      expect(row).toMatchObject({
        userId: alice.id,
        type: 'rent',
        minPrice: null,
        maxPrice: 2000,
        alerts: 'daily',
        placeKind: 'word',
        placeWord: 'paris',
      })
      expect(JSON.parse(row!.query)).toEqual(saved.query)
      expect(Object.keys(JSON.parse(row!.query) as object)).toEqual(Object.keys(saved.query))
    })

    it('keeps a given name, trimmed, and drops the newest sort, the default', async () => {
      const saved = await create({
        name: '  Flats near work ',
        query: { sort: 'newest', minPrice: '500', maxPrice: '900', bbox: '2.30,48.80,2.40,48.90' },
        alerts: 'instant',
      })
      expect(saved.name).toBe('Flats near work')
      expect(saved.query).toEqual({ minPrice: '500', maxPrice: '900', bbox: '2.3,48.8,2.4,48.9' })
      expect(await storedRow(saved.id)).toMatchObject({
        type: null,
        minPrice: 500,
        maxPrice: 900,
        placeKind: 'cells',
        placeWord: null,
      })
      // The grid cells of its box, with its type and price bounds again.
      expect(await storedCells(saved.id)).toEqual(
        searchPlace({ bbox: { west: 2.3, south: 48.8, east: 2.4, north: 48.9 } }).cells.map(
          (cell) => ({ cell, type: null, minPrice: 500, maxPrice: 900 }),
        ),
      )
    })

    it('saves a search without filters as every home, named All homes', async () => {
      const saved = await create({ name: '   ', query: {}, alerts: 'off' })
      expect(saved).toMatchObject({ name: 'All homes', query: {}, alerts: 'off' })
    })

    it('stores a price bound above any listing price as one the 32-bit column holds', async () => {
      const saved = await create({
        query: { minPrice: '9999999999', maxPrice: '9999999999' },
        alerts: 'off',
      })
      expect(saved.query).toEqual({ minPrice: '9999999999', maxPrice: '9999999999' })
      expect(await storedRow(saved.id)).toMatchObject({
        minPrice: 750_000_001,
        maxPrice: 750_000_001,
      })
    })

    it.each([
      [
        { query: { type: 'rent', cursor: 'abc' }, alerts: 'daily' },
        'query.cursor',
        'cursor or limit',
      ],
      [{ query: { limit: '10' }, alerts: 'daily' }, 'query.limit', 'cursor or limit'],
      [{ query: { view: 'map' }, alerts: 'daily' }, 'query.view', 'Not a search parameter'],
      [{ query: { type: 'house' }, alerts: 'daily' }, 'query.type', "'rent' or 'sale'"],
      [{ query: { minPrice: '3', maxPrice: '2' }, alerts: 'daily' }, 'query.minPrice', 'maxPrice'],
      [{ query: { minBedrooms: 2 }, alerts: 'daily' }, 'query.minBedrooms', 'text'],
      [{ query: { sort: 'cheapest' }, alerts: 'daily' }, 'query.sort', 'newest'],
      [{ query: ['type', 'rent'], alerts: 'daily' }, 'query', 'object'],
      [{ alerts: 'daily' }, 'query', ''],
      [{ query: {}, alerts: 'weekly' }, 'alerts', 'instant, daily, off'],
      [{ query: {}, alerts: 'daily', name: 'x'.repeat(101) }, 'name', '100'],
      [{ query: {}, alerts: 'daily', name: 'Paris\u202eevil' }, 'name', 'control'],
      [{ query: {}, alerts: 'daily', userId: 'someone' }, 'body', 'userId'],
    ])('responds 400 naming the field for %j', async (body, field, words) => {
      const countBefore = (await list()).body.items.length
      const result = await post(body)
      expect(result.status).toBe(400)
      const { error, fields } = result.body as unknown as ErrorBody
      expect(error).toBe('Invalid saved search')
      expect(fields?.[field], JSON.stringify(fields)).toContain(words)
      expect((await list()).body.items).toHaveLength(countBefore)
    })

    it('takes 100 characters of name, and refuses a body that is not JSON', async () => {
      await removeAll(alice)
      expect((await create({ name: 'n'.repeat(100), query: {}, alerts: 'off' })).name).toHaveLength(
        100,
      )
      expect((await post('{"query":')).status).toBe(400)
      const asText = await t.app.request('/api/saved-searches', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: testOrigin, Cookie: alice.cookie },
        body: JSON.stringify({ query: {}, alerts: 'off' }),
      })
      expect(asText.status).toBe(415)
    })

    it('keeps at most 20 per user, refusing the 21st with a clear message', async () => {
      const carol = await signUpAndIn(t.context, { name: 'Carol Limit' })
      for (let i = 0; i < 20; i++)
        await create({ query: { minBedrooms: String(1 + i) }, alerts: 'off' }, carol)
      const refused = await post({ query: {}, alerts: 'off' }, carol)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        error: 'You can keep at most 20 saved searches: delete one to save another',
      })
      expect((await list(carol)).body.items).toHaveLength(20)
      // Others are not counted against it, and one deleted makes room.
      expect((await post({ query: {}, alerts: 'off' }, bob)).status).toBe(201)
      const [newest] = (await list(carol)).body.items
      expect((await remove(newest!.id, carol)).status).toBe(204)
      expect((await post({ query: {}, alerts: 'off' }, carol)).status).toBe(201)
      await removeAll(bob)
    })

    it('responds 409 with the one already saved when the same search is saved again', async () => {
      const erin = await signUpAndIn(t.context, { name: 'Erin Twice' })
      const first = await create(
        { query: { q: 'Paris', maxPrice: '2000', type: 'rent' }, alerts: 'instant' },
        erin,
      )
      // The same search in another order, spacing and name is the same search.
      const again = await post(
        {
          name: 'Paris again',
          query: { type: 'rent', maxPrice: '2000', q: ' Paris ' },
          alerts: 'daily',
        },
        erin,
      )
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ error: 'You already saved this search', id: first.id })
      expect((await list(erin)).body.items.map(({ id }) => id)).toEqual([first.id])
      // Another search, or the same one of another user's, is saved.
      expect(
        (await post({ query: { q: 'Paris', type: 'rent' }, alerts: 'off' }, erin)).status,
      ).toBe(201)
      expect((await post({ query: first.query, alerts: 'off' }, bob)).status).toBe(201)
      await removeAll(bob)
    })

    it('keeps one when the same search is saved many times at once', async () => {
      const frank = await signUpAndIn(t.context, { name: 'Frank Race' })
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post({ query: { q: 'loft' }, alerts: 'off' }, frank)),
      )
      const statuses = results.map(({ status }) => status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(9)
      expect((await list(frank)).body.items).toHaveLength(1)
    })

    it('keeps the limit when many saves arrive at once', async () => {
      const dave = await signUpAndIn(t.context, { name: 'Dave Race' })
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post({ query: { q: `home ${i}` }, alerts: 'off' }, dave),
        ),
      )
      const statuses = results.map(({ status }) => status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(20)
      expect(statuses.filter((status) => status === 400)).toHaveLength(10)
      expect((await list(dave)).body.items).toHaveLength(20)
    })
  })

  describe('GET', () => {
    it("returns the caller's own, newest first, never to be cached", async () => {
      await removeAll(alice)
      const first = await create({ query: { type: 'sale' }, alerts: 'daily' })
      const second = await create({ query: { type: 'rent' }, alerts: 'daily' })
      const third = await create({ query: { q: 'loft' }, alerts: 'off' })
      await create({ query: { q: 'not alice' }, alerts: 'off' }, bob)
      const result = await list()
      expect(result.status).toBe(200)
      expect(result.body).toEqual({ items: [third, second, first] })
      const response = await t.app.request('/api/saved-searches', {
        headers: { Cookie: alice.cookie },
      })
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect((await list(bob)).body.items.map(({ name }) => name)).toEqual(['not alice'])
      await removeAll(bob)
    })
  })

  describe('PATCH', () => {
    it('renames, changes the alerts and the query, and returns the saved search', async () => {
      const saved = await create({
        name: 'Mine',
        query: { type: 'rent', maxPrice: '2000' },
        alerts: 'daily',
      })
      const renamed = await patch(saved.id, { name: ' Holiday flats ' })
      expect(renamed.status).toBe(200)
      expect(renamed.body).toEqual({ ...saved, name: 'Holiday flats' })
      const quiet = await patch(saved.id, { alerts: 'off' })
      expect(quiet.body).toEqual({ ...saved, name: 'Holiday flats', alerts: 'off' })
      const moved = await patch(saved.id, { query: { minPrice: '100000', type: 'sale' } })
      expect(moved.body).toEqual({
        ...saved,
        name: 'Holiday flats',
        alerts: 'off',
        query: { type: 'sale', minPrice: '100000' },
      })
      expect(await storedRow(saved.id)).toMatchObject({
        type: 'sale',
        minPrice: 100_000,
        maxPrice: null,
        alerts: 'off',
        placeKind: 'none',
        placeWord: null,
      })
      // A new box's cells take the old one's place; words then take the box's.
      const boxed = { type: 'sale', bbox: '2.3,48.8,2.4,48.9' }
      await patch(saved.id, { query: { ...boxed, minPrice: '100000' } })
      await patch(saved.id, { query: { ...boxed, bbox: '-0.2,51.4,0.1,51.6' } })
      expect(await storedCells(saved.id)).toEqual(
        searchPlace({ bbox: { west: -0.2, south: 51.4, east: 0.1, north: 51.6 } }).cells.map(
          (cell) => ({ cell, type: 'sale', minPrice: null, maxPrice: null }),
        ),
      )
      expect(await storedRow(saved.id)).toMatchObject({ placeKind: 'cells', minPrice: null })
      await patch(saved.id, { query: { ...boxed, q: 'Rue de Rivoli' } })
      expect(await storedRow(saved.id)).toMatchObject({ placeKind: 'word', placeWord: 'rivoli' })
      expect(await storedCells(saved.id)).toEqual([])
      await patch(saved.id, { query: { minPrice: '100000', type: 'sale' } })
      // A blank name goes back to the search's summary.
      const summary = await patch(saved.id, { name: '' })
      expect(summary.body).toMatchObject({ name: 'Sale · from $100,000' })
      expect((await list()).body.items.find(({ id }) => id === saved.id)).toEqual(summary.body)
    })

    it('responds 404 for another user’s saved search or a missing one, before reading the body', async () => {
      const bobs = await create({ name: 'Bob’s', query: {}, alerts: 'daily' }, bob)
      for (const id of [bobs.id, 'NoSuchSavedSearch000', 'not.an.id']) {
        for (const body of [{ name: 'Taken' }, { name: 5 }]) {
          const result = await patch(id, body)
          expect(result.status, id).toBe(404)
          expect(result.body).toEqual({ error: 'Saved search not found' })
        }
      }
      expect(await storedRow(bobs.id)).toMatchObject({ name: 'Bob’s', alerts: 'daily' })
      await removeAll(bob)
    })

    it.each([
      [{}, 'body', 'Give a name'],
      [{ alerts: 'never' }, 'alerts', 'instant'],
      [{ query: { cursor: 'x' } }, 'query.cursor', 'cursor or limit'],
      [{ name: 'x'.repeat(101) }, 'name', '100'],
      [{ id: 'other' }, 'body', 'id'],
    ])('responds 400 for %j and changes nothing', async (body, field, words) => {
      await removeAll(alice)
      const saved = await create({ query: { type: 'rent' }, alerts: 'daily' })
      const before = await storedRow(saved.id)
      const result = await patch(saved.id, body)
      expect(result.status).toBe(400)
      expect((result.body as unknown as ErrorBody).fields?.[field]).toContain(words)
      expect(await storedRow(saved.id)).toEqual(before)
      await remove(saved.id)
    })
  })

  describe('DELETE', () => {
    it('responds 204 and removes it; then, or for another’s, 404', async () => {
      const saved = await create({ query: { q: 'gone soon' }, alerts: 'daily' })
      const bobs = await create({ query: {}, alerts: 'daily' }, bob)
      const removed = await remove(saved.id)
      expect(removed.status).toBe(204)
      expect(await removed.text()).toBe('')
      expect(await storedRow(saved.id)).toBeUndefined()
      for (const id of [saved.id, bobs.id, 'not.an.id']) {
        const result = await remove(id)
        expect(result.status, id).toBe(404)
        expect(await result.json()).toEqual({ error: 'Saved search not found' })
      }
      expect(await storedRow(bobs.id)).toBeDefined()
      await removeAll(bob)
    })

    it('goes with its user', async () => {
      const erin = await signUpAndIn(t.context, { name: 'Erin Leaving' })
      const saved = await create({ query: {}, alerts: 'daily' }, erin)
      await t.context.db.kysely.deleteFrom('user').where('id', '=', erin.id).execute()
      expect(await storedRow(saved.id)).toBeUndefined()
    })
  })

  it('responds 401 to every route signed out, or with a made-up session', async () => {
    const saved = await create({ query: {}, alerts: 'daily' })
    const cookies = ['', 'better-auth.session_token=made-up']
    for (const cookie of cookies) {
      const headers = { Origin: testOrigin, 'Content-Type': 'application/json', Cookie: cookie }
      const results = await Promise.all([
        t.app.request('/api/saved-searches', { headers }),
        t.app.request('/api/saved-searches', {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: {}, alerts: 'daily' }),
        }),
        t.app.request(`/api/saved-searches/${saved.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ name: 'Stolen' }),
        }),
        t.app.request(`/api/saved-searches/${saved.id}`, { method: 'DELETE', headers }),
      ])
      for (const result of results) {
        expect(result.status).toBe(401)
        expect(await result.json()).toEqual({ error: 'Sign in first' })
      }
    }
    expect(await storedRow(saved.id)).toMatchObject({ alerts: 'daily' })
  })

  it('refuses writes from another site', async () => {
    const result = await t.app.request('/api/saved-searches', {
      method: 'POST',
      headers: {
        Origin: 'https://evil.example',
        'Content-Type': 'application/json',
        Cookie: alice.cookie,
      },
      body: JSON.stringify({ query: {}, alerts: 'daily' }),
    })
    expect(result.status).toBe(403)
  })

  describe('statements', () => {
    const statements = () => savedSearchStatements(t.context.db.kysely)

    // Either index finds one row: PostgreSQL picks the owner's on a table this small.
    const ownIndex = /saved_search_pkey|saved_search_owner|sqlite_autoindex_saved_search_1/

    it.each([
      ['the list', () => statements().ownedBy('u'), /saved_search_owner/],
      ['the count', () => statements().tally('u'), /saved_search_owner/],
      ['the same search', () => statements().sameQuery('u', '{}'), /saved_search_owner/],
      ['one of the owner’s', () => statements().owned('s', 'u'), ownIndex],
      ['the delete', () => statements().remove('s', 'u'), ownIndex],
      [
        'the change',
        () =>
          statements().change('s', {
            name: 'n',
            query: '{}',
            alerts: 'off',
            type: null,
            minPrice: null,
            maxPrice: null,
          }),
        /saved_search_pkey|sqlite_autoindex_saved_search_1/,
      ],
    ])('finds the rows of %s through an index', async (_, statement, index) => {
      const plan = await queryPlan(t.context.db, statement)
      expect(scansTable(plan, 'saved_search'), plan.join('\n')).toBe(false)
      expect(plan.join('\n')).toMatch(index)
      if (dialect === 'sqlite') expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/)
    })

    it('locks the user by their key', async () => {
      if (dialect !== 'postgres') return
      const plan = await queryPlan(t.context.db, () => statements().lockUser('u'))
      expect(scansTable(plan, 'user')).toBe(false)
      expect(plan.join('\n')).toMatch(/user_pkey/)
    })
  })
})

describe.each(dialects)('saved search write limits on %s', (dialect) => {
  let t: TestApp
  let user: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    user = await signUpAndIn(t.context)
  })
  afterAll(() => t?.close())

  const fromAddress = (app: App, address: string, init: RequestInit, url = '/api/saved-searches') =>
    app.request(url, init, {
      incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } },
    })

  it('responds 429 with Retry-After from the 31st write a minute of one address', async () => {
    const init = (method: string, body?: unknown): RequestInit => ({
      method,
      headers: { Origin: testOrigin, 'Content-Type': 'application/json', Cookie: user.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const statuses: number[] = []
    for (let i = 0; i < 15; i++) {
      const created = await fromAddress(
        t.app,
        '198.51.100.7',
        init('POST', { query: {}, alerts: 'off' }),
      )
      statuses.push(created.status)
      const { id } = (await created.json()) as SavedSearch
      statuses.push(
        (await fromAddress(t.app, '198.51.100.7', init('DELETE'), `/api/saved-searches/${id}`))
          .status,
      )
    }
    expect(statuses.filter((status) => status >= 400)).toEqual([])
    const limited = await fromAddress(
      t.app,
      '198.51.100.7',
      init('POST', { query: {}, alerts: 'off' }),
    )
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Reads are not limited, and other addresses are counted apart.
    expect((await fromAddress(t.app, '198.51.100.7', init('GET'))).status).toBe(200)
    expect(
      (await fromAddress(t.app, '198.51.100.8', init('POST', { query: {}, alerts: 'off' }))).status,
    ).toBe(201)
  })
})
