// /api/favourites against a real database, on every dialect we support.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { favouriteLimits, type FavouriteIds } from '../../shared/favourites'
import type { ListingPage } from '../../shared/listing'
import { readAllPages } from '../../../tests/support/list-pages'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListing,
  insertListings,
  requestJson,
  testOrigin,
  type ListingFields,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'
import { encodeFavouriteCursor } from './favourite-cursor'

const base = Date.UTC(2025, 0, 15, 12, 0, 0)

interface ErrorResponse {
  error: string
  fields?: Record<string, string>
}

describe.each(dialects)('favourites API on %s', (dialect) => {
  let t: TestApp
  let alice: SignedInUser
  let bob: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    alice = await signUpAndIn(t.context, { name: 'Alice Martin' })
    bob = await signUpAndIn(t.context, { name: 'Bruno Costa' })
  })
  afterAll(() => t?.close())

  const write = async (method: 'PUT' | 'DELETE', listingId: string, user?: SignedInUser) =>
    await t.app.request(`/api/favourites/${listingId}`, {
      method,
      headers: { Origin: testOrigin, ...(user && { Cookie: user.cookie }) },
    })
  const read = <T>(path: string, user?: SignedInUser) =>
    requestJson<T>(t.app, path, user && { headers: { Cookie: user.cookie } })
  const idsOf = async (user: SignedInUser) =>
    (await read<FavouriteIds>('/api/favourites/ids', user)).body.ids
  const listing = (fields: Partial<ListingFields> = {}) =>
    insertListing(t.context, { userRef: bob.id, ...fields })
  /** Saves straight into the table, at a time the test chooses. */
  const saveAt = (user: SignedInUser, listingId: string, createdAt: number) =>
    t.context.db.kysely
      .insertInto('favourite')
      .values({ userId: user.id, listingId, createdAt })
      .execute()
  const forget = (user: SignedInUser) =>
    t.context.db.kysely.deleteFrom('favourite').where('userId', '=', user.id).execute()

  it('responds 401 to every route when signed out', async () => {
    const home = await listing()
    expect((await write('PUT', home.id)).status).toBe(401)
    expect((await write('DELETE', home.id)).status).toBe(401)
    expect((await read('/api/favourites')).status).toBe(401)
    expect((await read('/api/favourites/ids')).status).toBe(401)
    expect(await t.context.db.kysely.selectFrom('favourite').selectAll().execute()).toEqual([])
  })

  it('saves with 204, once, keeping the first save time', async () => {
    const home = await listing()
    expect((await write('PUT', home.id, alice)).status).toBe(204)
    const createdAt = () =>
      t.context.db.kysely
        .selectFrom('favourite')
        .select('createdAt')
        .where('userId', '=', alice.id)
        .where('listingId', '=', home.id)
        .execute()
    const [first] = await createdAt()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await write('PUT', home.id, alice)).status).toBe(204)
    expect(await createdAt()).toEqual([first])
    expect(await idsOf(alice)).toEqual([home.id])
    await forget(alice)
  })

  it('responds 404 to a missing listing, or an id that cannot be one', async () => {
    for (const id of ['no-such-listing', 'a.b', 'x'.repeat(65), '%20', 'caf%C3%A9']) {
      const result = await write('PUT', id, alice)
      expect(result.status, id).toBe(404)
      expect(await result.json()).toEqual({ error: 'Listing not found' })
    }
    expect(await idsOf(alice)).toEqual([])
  })

  it('saves a sold or rented listing, and lists it with its status', async () => {
    const sold = await listing({ type: 'sale' })
    await t.context.db.kysely
      .updateTable('listing')
      .set({ status: 'sold' })
      .where('id', '=', sold.id)
      .execute()
    expect((await write('PUT', sold.id, alice)).status).toBe(204)
    const { body } = await read<ListingPage>('/api/favourites', alice)
    expect(body.items.map((item) => [item.id, item.status])).toEqual([[sold.id, 'sold']])
    await forget(alice)
  })

  it('unsaves with 204, also when not saved, and responds 404 for a listing that does not exist', async () => {
    const home = await listing()
    await write('PUT', home.id, alice)
    expect((await write('DELETE', home.id, alice)).status).toBe(204)
    expect(await idsOf(alice)).toEqual([])
    expect((await write('DELETE', home.id, alice)).status).toBe(204)
    expect((await write('DELETE', 'no-such-listing', alice)).status).toBe(404)
    expect((await write('DELETE', 'a.b', alice)).status).toBe(404)
  })

  it("never shows or touches another user's saves", async () => {
    const [mine, theirs] = [await listing(), await listing()]
    await write('PUT', mine.id, alice)
    await write('PUT', theirs.id, bob)
    expect(await idsOf(alice)).toEqual([mine.id])
    expect(await idsOf(bob)).toEqual([theirs.id])
    expect(ids((await read<ListingPage>('/api/favourites', alice)).body.items)).toEqual([mine.id])
    // Bob unsaving Alice's home leaves her save alone.
    await write('DELETE', mine.id, bob)
    expect(await idsOf(alice)).toEqual([mine.id])
    await forget(alice)
    await forget(bob)
  })

  it('lists full listings newest saved first, page by page, ties broken by id', async () => {
    // Saved in another order than they were listed; two saved in the same millisecond.
    const homes = await insertListings(
      t.context,
      Array.from({ length: 7 }, (_, n) => ({
        id: `fav${n}`,
        userRef: bob.id,
        timestamp: base + n * 60_000,
      })),
    )
    const savedAt = [5, 1, 3, 3, 0, 6, 2]
    for (const [n, home] of homes.entries()) await saveAt(alice, home.id, base + savedAt[n]! * 1000)
    const expected = ['fav5', 'fav0', 'fav3', 'fav2', 'fav6', 'fav1', 'fav4']

    const pages = await readAllPages(t.app, '/api/favourites?limit=3', 10, {
      headers: { Cookie: alice.cookie },
    })
    expect(pages.map((page) => ids(page.items))).toEqual([
      expected.slice(0, 3),
      expected.slice(3, 6),
      expected.slice(6),
      [],
    ])
    const first = pages[0]!.items[0]!
    expect(first).toMatchObject({ id: 'fav5', userRef: bob.id, status: 'active', type: 'rent' })
    expect(await idsOf(alice)).toEqual(expected)
    // The default page is the listings API's: 10.
    expect(ids((await read<ListingPage>('/api/favourites', alice)).body.items)).toEqual(expected)

    // A listing deleted since goes with its save, from the list and the ids.
    await t.context.listings.delete('fav3')
    const after = await readAllPages(t.app, '/api/favourites?limit=50', 10, {
      headers: { Cookie: alice.cookie },
    })
    expect(after.flatMap((page) => ids(page.items))).toEqual(expected.filter((id) => id !== 'fav3'))
    expect(await idsOf(alice)).toEqual(expected.filter((id) => id !== 'fav3'))
    await forget(alice)
  })

  it('continues from a cursor past a listing unsaved meanwhile', async () => {
    const homes = await insertListings(
      t.context,
      Array.from({ length: 3 }, () => ({ userRef: bob.id })),
    )
    for (const [n, home] of homes.entries()) await saveAt(alice, home.id, base + n)
    const first = await read<ListingPage>('/api/favourites?limit=1', alice)
    expect(ids(first.body.items)).toEqual([homes[2]!.id])
    await write('DELETE', homes[2]!.id, alice)
    const next = await read<ListingPage>(
      `/api/favourites?limit=5&cursor=${first.body.nextCursor}`,
      alice,
    )
    expect(ids(next.body.items)).toEqual([homes[1]!.id, homes[0]!.id])
    await forget(alice)
  })

  it('refuses a bad limit or cursor with 400 and the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=nonsense', 'cursor'],
      ['cursor=', 'cursor'],
      [`cursor=${Buffer.from('1:2:abc').toString('base64url')}`, 'cursor'],
    ] as const) {
      const { status, body } = await read<ErrorResponse>(`/api/favourites?${query}`, alice)
      expect(status, query).toBe(400)
      expect(Object.keys(body.fields ?? {}), query).toEqual([field])
    }
    const cursor = encodeFavouriteCursor({ createdAt: base, listingId: 'anything' })
    expect((await read(`/api/favourites?limit=50&cursor=${cursor}`, alice)).status).toBe(200)
  })

  it('keeps both reads out of any shared or browser cache', async () => {
    for (const path of ['/api/favourites', '/api/favourites/ids']) {
      const result = await t.app.request(path, { headers: { Cookie: alice.cookie } })
      expect(result.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  describe('the limit per user', () => {
    /** Saves sent at once in the race: enough that they overlap inside the database. */
    const racing = 8
    let homes: ListingRow[]
    let user: SignedInUser

    beforeAll(async () => {
      user = await signUpAndIn(t.context)
      homes = await insertListings(
        t.context,
        Array.from({ length: favouriteLimits.perUser + racing }, () => ({ userRef: bob.id })),
      )
    })

    /** Saves the first `count` homes straight into the table. */
    async function fillTo(count: number) {
      await forget(user)
      await t.context.db.kysely
        .insertInto('favourite')
        .values(
          homes.slice(0, count).map((home, n) => ({
            userId: user.id,
            listingId: home.id,
            createdAt: base + n,
          })),
        )
        .execute()
    }

    it('refuses a save beyond the limit with 400, and takes one again after an unsave', async () => {
      await fillTo(favouriteLimits.perUser)
      const over = await write('PUT', homes[favouriteLimits.perUser]!.id, user)
      expect(over.status).toBe(400)
      expect(((await over.json()) as ErrorResponse).error).toMatch(/up to 500/)
      // Saving one already saved is no new save.
      expect((await write('PUT', homes[0]!.id, user)).status).toBe(204)
      expect((await write('DELETE', homes[0]!.id, user)).status).toBe(204)
      expect((await write('PUT', homes[favouriteLimits.perUser]!.id, user)).status).toBe(204)
      const saved = await idsOf(user)
      expect(saved).toHaveLength(favouriteLimits.perUser)
      expect(saved[0]).toBe(homes[favouriteLimits.perUser]!.id)
    })

    it('lets one of several saves at once through at one below the limit', async () => {
      await fillTo(favouriteLimits.perUser - 1)
      const results = await Promise.all(
        homes.slice(-racing).map((home) => write('PUT', home.id, user)),
      )
      expect(results.filter((result) => result.status === 204)).toHaveLength(1)
      expect(results.filter((result) => result.status === 400)).toHaveLength(racing - 1)
      expect(await idsOf(user)).toHaveLength(favouriteLimits.perUser)

      // And straight at the database, where the saves overlap for certain.
      await fillTo(favouriteLimits.perUser - 1)
      const outcomes = await Promise.all(
        homes.slice(-racing).map((home) => t.context.favourites.save(user.id, home.id)),
      )
      expect(outcomes.filter((outcome) => outcome === 'saved')).toHaveLength(1)
      expect(await idsOf(user)).toHaveLength(favouriteLimits.perUser)
    })
  })
})

const ids = (items: { id: string }[]) => items.map((item) => item.id)
