// Cached responses never outlive their data, with two servers on one database: whatever writes to the
// listing table (the other server's queries, plain SQL, a user's deletion cascading), the next read
// on this server returns the new data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../shared/listing'
import { openAppContext, type AppContext } from '../app'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'

describe.each(dialects)('cached listing responses with two servers on %s', (dialect) => {
  let a: TestApp
  /** The second server: its own process state on the same database. */
  let b: AppContext
  let owner: TestUser
  let leaver: TestUser

  const page = async () =>
    (await requestJson<ListingPage>(a.app, '/api/listings?type=rent')).body.items.map(
      (item) => item.name,
    )
  const one = (id: string) => requestJson<Listing>(a.app, `/api/listings/${id}`)

  beforeAll(async () => {
    a = await createTestApp(dialect)
    b = await openAppContext(a.context.config)
    owner = await createUser(a.context)
    leaver = await createUser(a.context)
  })
  afterAll(async () => {
    await b?.db.close()
    await a?.close()
  })

  it("returns the other server's insert, update and delete at the next read", async () => {
    const first = await insertListing(b, { userRef: owner.id, name: 'First Flat Here' })
    expect(await page()).toEqual(['First Flat Here'])
    expect((await one(first.id)).body.name).toBe('First Flat Here')

    const second = await insertListing(b, {
      userRef: owner.id,
      name: 'Second Flat Here',
      timestamp: first.timestamp + 1,
    })
    expect(await page()).toEqual(['Second Flat Here', 'First Flat Here'])

    await b.listings.update(first.id, { ...first, name: 'Renamed Flat Here' })
    expect(await page()).toEqual(['Second Flat Here', 'Renamed Flat Here'])
    expect((await one(first.id)).body.name).toBe('Renamed Flat Here')

    await b.listings.delete(second.id)
    expect(await page()).toEqual(['Renamed Flat Here'])
    expect((await one(second.id)).status).toBe(404)
  })

  it("returns the other server's status change at the next read", async () => {
    const row = await insertListing(a.context, { userRef: owner.id, name: 'Soon Rented Flat' })
    expect(await page()).toContain('Soon Rented Flat')
    await b.writes.changeStatus(row.id, owner.id, 'rented')
    expect(await page()).not.toContain('Soon Rented Flat')
    expect((await one(row.id)).body.status).toBe('rented')
    await b.writes.changeStatus(row.id, owner.id, 'active')
    expect(await page()).toContain('Soon Rented Flat')
    expect((await one(row.id)).body.status).toBe('active')
  })

  it('returns a change made in plain SQL, outside the app', async () => {
    const row = await insertListing(a.context, { userRef: owner.id, name: 'Plain Sql Flat' })
    expect((await one(row.id)).body.regularPrice).toBe(1500)
    await b.db.kysely
      .updateTable('listing')
      .set({ regularPrice: 2500 })
      .where('id', '=', row.id)
      .execute()
    expect((await one(row.id)).body.regularPrice).toBe(2500)
  })

  it("drops a deleted user's listings, deleted by the cascade", async () => {
    await insertListing(a.context, { userRef: leaver.id, name: 'Leaving Soon Flat' })
    expect(await page()).toContain('Leaving Soon Flat')
    await b.db.kysely.deleteFrom('user').where('id', '=', leaver.id).execute()
    expect(await page()).not.toContain('Leaving Soon Flat')
  })
})
