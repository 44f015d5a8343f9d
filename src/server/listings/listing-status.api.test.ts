// PATCH /api/listings/:id/status: the owner marks a listing sold or rented and puts it
// back. A closed listing leaves every public list, search and map, and keeps its page and its place
// in the owner's list; reopened, it is everywhere again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage, ListingStatus } from '../../shared/listing'
import type { MapResponse } from '../../shared/listing-requests'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  insertListings,
  requestJson,
  sendJson,
  testOrigin,
  validListingBody,
  type ListingRow,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'
import { finishedUpload } from '../../../tests/support/tus'

const statusPath = (id: string) => `/api/listings/${id}/status`

describe.each(dialects)('listing status on %s', (dialect) => {
  let t: TestApp
  let owner: TestUser
  let ownerCookie: string
  let otherCookie: string

  const setStatus = (id: string, status: unknown, cookie = ownerCookie) =>
    sendJson(t.app, 'PATCH', statusPath(id), { status }, cookie)

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await createUser(t.context)
    const other = await createUser(t.context)
    ownerCookie = await signIn(t.context, owner)
    otherCookie = await signIn(t.context, other)
  })
  afterAll(() => t.close())

  describe('the route', () => {
    it('checks 401, then 404, then 403, then 400', async () => {
      const listing = await insertListing(t.context, { userRef: owner.id, type: 'sale' })
      const bad = { status: 'gone' }
      const send = (id: string, cookie?: string) =>
        sendJson(t.app, 'PATCH', statusPath(id), bad, cookie)
      expect((await send('noSuchListing')).status).toBe(401)
      expect((await send(listing.id)).status).toBe(401)
      expect((await send('noSuchListing', ownerCookie)).status).toBe(404)
      expect((await send('not an id!', ownerCookie)).status).toBe(404)
      const forbidden = await send(listing.id, otherCookie)
      expect(forbidden).toMatchObject({
        status: 403,
        body: { error: 'You cannot edit this listing' },
      })
      const invalid = await send(listing.id, ownerCookie)
      expect(invalid).toMatchObject({
        status: 400,
        body: { error: 'Invalid status', fields: { status: expect.any(String) } },
      })
      // Another's listing is refused before its body is read, even a valid one.
      expect((await setStatus(listing.id, 'sold', otherCookie)).status).toBe(403)
      expect((await requestJson<Listing>(t.app, `/api/listings/${listing.id}`)).body.status).toBe(
        'active',
      )
    })

    it('refuses a body that is not an object with 400', async () => {
      const listing = await insertListing(t.context, { userRef: owner.id, type: 'sale' })
      const response = await sendJson(t.app, 'PATCH', statusPath(listing.id), null, ownerCookie)
      expect(response).toMatchObject({
        status: 400,
        body: { fields: { body: expect.any(String) } },
      })
    })

    it.each([
      ['no status', {}],
      ['a status in other case', { status: 'SOLD' }],
      ['a status that is not a word', { status: 3 }],
      ['a list of statuses', { status: ['sold'] }],
    ])('refuses %s with 400 naming the status', async (_, body) => {
      const listing = await insertListing(t.context, { userRef: owner.id, type: 'sale' })
      const response = await sendJson(t.app, 'PATCH', statusPath(listing.id), body, ownerCookie)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ fields: { status: expect.any(String) } })
    })

    it('refuses a body that is not declared JSON with 415', async () => {
      const listing = await insertListing(t.context, { userRef: owner.id })
      const response = await t.app.request(statusPath(listing.id), {
        method: 'PATCH',
        headers: { 'Content-Type': 'text/plain', Cookie: ownerCookie, Origin: testOrigin },
        body: JSON.stringify({ status: 'rented' }),
      })
      expect(response.status).toBe(415)
    })

    it('marks a sale sold and a rental rented, and puts either back, returning the Listing', async () => {
      for (const [type, closed] of [
        ['sale', 'sold'],
        ['rent', 'rented'],
      ] as const) {
        const row = await insertListing(t.context, { userRef: owner.id, type })
        const marked = await setStatus(row.id, closed)
        expect(marked.status).toBe(200)
        const listing = marked.body as unknown as Listing
        expect(listing).toMatchObject({ id: row.id, type, status: closed, name: row.name })
        expect((await requestJson(t.app, `/api/listings/${row.id}`)).body).toEqual(listing)
        // Marking it again changes nothing and is no error.
        expect((await setStatus(row.id, closed)).body).toEqual(listing)
        const back = await setStatus(row.id, 'active')
        expect(back).toMatchObject({ status: 200, body: { id: row.id, status: 'active' } })
      }
    })

    it.each([
      ['sale', 'rented', 'Only a listing for rent can be marked rented'],
      ['rent', 'sold', 'Only a listing for sale can be marked sold'],
    ] as const)('refuses to mark a %s %s', async (type, status, message) => {
      const row = await insertListing(t.context, { userRef: owner.id, type })
      const response = await setStatus(row.id, status)
      expect(response).toMatchObject({ status: 400, body: { fields: { status: message } } })
      expect((await requestJson<Listing>(t.app, `/api/listings/${row.id}`)).body.status).toBe(
        'active',
      )
    })

    it('refuses an edit that changes the type of a closed listing, and keeps the status through others', async () => {
      const images = [await finishedUpload(t.app, ownerCookie)]
      const created = await sendJson(
        t.app,
        'POST',
        '/api/listings',
        { ...validListingBody(images), type: 'rent' },
        ownerCookie,
      )
      const listing = created.body as unknown as Listing
      expect(listing.status).toBe('active')
      await setStatus(listing.id, 'rented')
      const edit = (change: object) =>
        sendJson(
          t.app,
          'PUT',
          `/api/listings/${listing.id}`,
          { ...validListingBody(listing.imageUrls), ...change },
          ownerCookie,
        )
      expect(await edit({ type: 'sale' })).toMatchObject({
        status: 400,
        body: {
          fields: { type: 'Put the listing back on the market before changing its type' },
        },
      })
      expect(await edit({ type: 'rent', name: 'Renamed while rented' })).toMatchObject({
        status: 200,
        body: { type: 'rent', status: 'rented', name: 'Renamed while rented' },
      })
      await setStatus(listing.id, 'active')
      expect(await edit({ type: 'sale' })).toMatchObject({
        status: 200,
        body: { type: 'sale', status: 'active' },
      })
    })
  })

  describe('where a closed listing shows', () => {
    let seller: TestUser
    let sellerCookie: string
    let rows: ListingRow[]
    /** Listings in Paris for rent, with a word of their own; one in ten on offer. */
    const count = 320

    beforeAll(async () => {
      seller = await createUser(t.context)
      sellerCookie = await signIn(t.context, seller)
      rows = await insertListings(
        t.context,
        Array.from({ length: count }, (_, n) => ({
          userRef: seller.id,
          type: 'rent' as const,
          name: `Quokka House ${n}`,
          location: `${n} Rue de Quokka, Paris`,
          offer: n % 10 === 0,
          regularPrice: 1000 + n,
          bedrooms: 3,
          lat: 48.8 + (n % 20) / 100,
          lng: 2.3 + Math.floor(n / 20) / 100,
          timestamp: Date.UTC(2026, 0, 1) + n * 1000,
        })),
      )
    })

    const closedOnes = () => rows.filter((_, n) => n % 4 === 0)
    const seen = async (path: string) =>
      (await requestJson<ListingPage>(t.app, path)).body.items.map((item) => item.id)

    /** Every public way to find these listings, and the owner's list, as sets of ids. */
    async function whatShows() {
      const limit = 'limit=50'
      const all = async (path: string) => {
        const ids: string[] = []
        let cursor: string | null = null
        do {
          const page: ListingPage = (
            await requestJson<ListingPage>(t.app, `${path}${cursor ? `&cursor=${cursor}` : ''}`)
          ).body
          ids.push(...page.items.map((item) => item.id))
          cursor = page.items.length > 0 ? page.nextCursor : null
        } while (cursor)
        return new Set(ids)
      }
      const world = 'bbox=-180,-90,180,90'
      const paris = 'bbox=2.25,48.75,2.5,49.05'
      const maps = async (path: string) => {
        const { body } = await requestJson<MapResponse>(t.app, path)
        const clustered = body.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
        expect(body.items.length + clustered, path).toBe(body.total)
        return { total: body.total, items: new Set(body.items.map((item) => item.id)) }
      }
      return {
        explore: await all(`/api/listings?${limit}`),
        category: await all(`/api/listings?type=rent&${limit}`),
        offers: await all(`/api/listings?offer=true&${limit}`),
        text: await all(`/api/listings?q=quokka&${limit}`),
        price: await all(`/api/listings?minPrice=1000&maxPrice=1239&sort=price-asc&${limit}`),
        rooms: await all(`/api/listings?minBedrooms=3&${limit}`),
        box: await all(`/api/listings?${paris}&${limit}`),
        owner: await all(`/api/listings?userRef=${seller.id}&${limit}`),
        // The owner's list as others see it, on the landlord's page.
        landlordPage: await all(`/api/listings?userRef=${seller.id}&status=active&${limit}`),
        // The world at zoom 2 adds up the stored cells; a city at zoom 16 shows pins.
        worldMap: await maps(`/api/listings/map?${world}&zoom=2`),
        rentMap: await maps(`/api/listings/map?${world}&zoom=2&type=rent&offer=false`),
        cityMap: await maps(`/api/listings/map?bbox=2.3,48.8,2.32,48.85&zoom=16`),
        textMap: await maps(`/api/listings/map?${world}&zoom=2&q=quokka`),
      }
    }

    it('leaves every public list, search and map, stays in the owner list and at its page, and comes back', async () => {
      const before = await whatShows()
      const everyId = new Set(rows.map((row) => row.id))
      expect(before.text).toEqual(everyId)
      expect(before.worldMap.total).toBeGreaterThan(200)
      expect(before.cityMap.items.size).toBeGreaterThan(0)

      const closed = closedOnes()
      for (const row of closed) {
        expect((await setStatus(row.id, 'rented', sellerCookie)).status).toBe(200)
      }
      const after = await whatShows()
      const closedIds = new Set(closed.map((row) => row.id))
      const without = (ids: Set<string>) => new Set([...ids].filter((id) => !closedIds.has(id)))
      for (const list of [
        'explore',
        'category',
        'offers',
        'text',
        'price',
        'rooms',
        'box',
        'landlordPage',
      ] as const) {
        expect(after[list], list).toEqual(without(before[list]))
      }
      expect(after.owner).toEqual(before.owner)
      const inMap = {
        worldMap: () => true,
        rentMap: (row: ListingRow) => !row.offer,
        cityMap: (row: ListingRow) =>
          row.lat >= 48.8 && row.lat <= 48.85 && row.lng >= 2.3 && row.lng <= 2.32,
        textMap: () => true,
      }
      for (const [map, shows] of Object.entries(inMap) as [
        keyof typeof inMap,
        typeof inMap.rentMap,
      ][]) {
        expect(after[map].total, map).toBe(before[map].total - closed.filter(shows).length)
        expect(after[map].items, map).toEqual(without(before[map].items))
      }
      const page = await requestJson<Listing>(t.app, `/api/listings/${closed[0]!.id}`)
      expect(page).toMatchObject({ status: 200, body: { status: 'rented' } })

      for (const row of closed) {
        expect((await setStatus(row.id, 'active', sellerCookie)).status).toBe(200)
      }
      expect(await whatShows()).toEqual(before)
    }, 60_000)

    it('drops a listing from the cached lists as soon as it closes', async () => {
      const row = rows.at(-1)!
      const newest = `/api/listings?q=quokka&limit=3`
      expect((await seen(newest))[0]).toBe(row.id)
      // Read again: now served from the response cache.
      expect((await seen(newest))[0]).toBe(row.id)
      await setStatus(row.id, 'rented' satisfies ListingStatus, sellerCookie)
      expect(await seen(newest)).not.toContain(row.id)
      await setStatus(row.id, 'active', sellerCookie)
      expect((await seen(newest))[0]).toBe(row.id)
    })
  })
})
