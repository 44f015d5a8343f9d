// The price history and the badges through the API on each database, the server's clock moved by
// the test: an entry at publication, then one for each edit that changes the price a buyer pays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage, PriceHistoryEntry } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  sendJson,
  type TestApp,
  testOrigin,
  validListingBody,
} from '../../../tests/support/test-app'
import { finishedUpload } from '../../../tests/support/tus'
import { signIn } from '../../../tests/support/sign-in'

const start = Date.UTC(2026, 10, 2, 9, 0, 0)
const minute = 60_000
const day = 86_400_000

describe.each(dialects)('the price history on %s', (dialect) => {
  let t: TestApp
  let cookie: string
  let time = start

  const history = async (id: string) => {
    const { status, body } = await requestJson<{ items: PriceHistoryEntry[] }>(
      t.app,
      `/api/listings/${id}/price-history`,
    )
    expect(status).toBe(200)
    return body.items
  }

  /** A sale at 300,000 off offer, published now. */
  async function publish() {
    const body = {
      ...validListingBody([await finishedUpload(t.app, cookie)]),
      type: 'sale',
      offer: false,
      regularPrice: 300_000,
      discountedPrice: undefined,
    }
    const { status, body: created } = await sendJson(t.app, 'POST', '/api/listings', body, cookie)
    expect(status, JSON.stringify(created)).toBe(201)
    const listing = created as unknown as Listing
    return { id: listing.id, body: { ...body, images: listing.imageUrls } }
  }

  async function edit(id: string, body: Record<string, unknown>) {
    const { status, body: saved } = await sendJson(
      t.app,
      'PUT',
      `/api/listings/${id}`,
      body,
      cookie,
    )
    expect(status, JSON.stringify(saved)).toBe(200)
    return saved as unknown as Listing
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => time })
    cookie = await signIn(t.context, await createUser(t.context))
  })
  afterAll(() => t.close())

  it('has one entry at publication, and one more only when the price a buyer pays changes', async () => {
    time = start
    const { id, body } = await publish()
    expect(await history(id)).toEqual([
      { price: 300_000, regularPrice: 300_000, offer: false, at: new Date(start).toISOString() },
    ])

    time += minute
    await edit(id, { ...body, name: 'Sunny flat by the river, renamed' })
    expect(await history(id)).toHaveLength(1)

    time += minute
    await edit(id, { ...body, regularPrice: 290_000 })
    time += minute
    // On offer: the buyer pays the discounted price.
    await edit(id, { ...body, regularPrice: 290_000, offer: true, discountedPrice: 280_000 })
    time += minute
    // The discount raised to the regular price's old level: what a buyer pays did not change.
    await edit(id, { ...body, regularPrice: 280_000 })
    time += minute
    await edit(id, { ...body, regularPrice: 290_000 })
    expect(await history(id)).toEqual([
      { price: 300_000, regularPrice: 300_000, offer: false, at: new Date(start).toISOString() },
      {
        price: 290_000,
        regularPrice: 290_000,
        offer: false,
        at: new Date(start + 2 * minute).toISOString(),
      },
      {
        price: 280_000,
        regularPrice: 290_000,
        discountedPrice: 280_000,
        offer: true,
        at: new Date(start + 3 * minute).toISOString(),
      },
      {
        price: 290_000,
        regularPrice: 290_000,
        offer: false,
        at: new Date(start + 5 * minute).toISOString(),
      },
    ])
  })

  it('keeps entries apart and in order when two edits come in one millisecond', async () => {
    time = start + 60 * minute
    const { id, body } = await publish()
    await edit(id, { ...body, regularPrice: 250_000 })
    await edit(id, { ...body, regularPrice: 240_000 })
    // A clock set back still writes after the last entry.
    time -= 1000
    await edit(id, { ...body, regularPrice: 230_000 })
    const at = (await history(id)).map((entry) => Date.parse(entry.at))
    expect(at).toEqual([time + 1000, time + 1001, time + 1002, time + 1003])
  })

  it('is read again after an edit, and 404 for a listing that does not exist', async () => {
    const { id, body } = await publish()
    expect(await history(id)).toHaveLength(1)
    await edit(id, { ...body, regularPrice: 310_000 })
    expect(await history(id)).toHaveLength(2)
    for (const missing of ['NoSuchListing0000000', 'not an id']) {
      const { status, body } = await requestJson(
        t.app,
        `/api/listings/${encodeURIComponent(missing)}/price-history`,
      )
      expect(status).toBe(404)
      expect(body).toEqual({ error: 'Listing not found' })
    }
  })

  /** The listing as each public read gives it: alone, and on Explore's first page. */
  async function read(id: string) {
    const one = await requestJson<Listing>(t.app, `/api/listings/${id}`)
    const page = await requestJson<ListingPage>(t.app, '/api/listings?limit=50')
    const listed = page.body.items.find((item) => item.id === id)
    expect(listed).toEqual(one.body)
    return one.body
  }

  it("is 'new' for 7 days after publication, and then not", async () => {
    time = start + 100 * day
    const { id } = await publish()
    const published = await read(id)
    expect(published.badges).toEqual(['new'])
    expect(published).not.toHaveProperty('priceChangedAt')
    // A cached response lives a minute at most (app.ts).
    time += 7 * day - minute
    expect((await read(id)).badges).toEqual(['new'])
    time += minute
    expect((await read(id)).badges).toEqual([])
  })

  it("is 'reduced' by a cut of 3%, and gives the cut's time as priceChangedAt", async () => {
    time = start + 200 * day
    const { id, body } = await publish()
    time += 2 * day
    const cut = await edit(id, { ...body, regularPrice: 291_000 })
    expect(cut.badges).toEqual(['new', 'reduced'])
    expect(cut.priceChangedAt).toBe(new Date(time).toISOString())
    time += 20 * day
    expect(await read(id)).toMatchObject({
      badges: ['reduced'],
      priceChangedAt: cut.priceChangedAt,
    })
  })

  it('is not reduced by a raise and a cut back to the first price', async () => {
    time = start + 300 * day
    const { id, body } = await publish()
    time += 8 * day
    await edit(id, { ...body, regularPrice: 330_000 })
    time += 3 * day
    const back = await edit(id, { ...body, regularPrice: 300_000 })
    expect(back.badges).toEqual([])
    expect(back.priceChangedAt).toBe(new Date(time).toISOString())
  })

  it('measures a cut against the price of 30 days before, not the first price', async () => {
    time = start + 400 * day
    const { id, body } = await publish()
    time += day
    await edit(id, { ...body, regularPrice: 330_000 })
    time += 31 * day
    // 310,000 is above the first price, but 6% below what it cost 30 days ago.
    const cut = await edit(id, { ...body, regularPrice: 310_000 })
    expect(cut.badges).toEqual(['reduced'])
    // A cut of an offer's discount counts as well: what a buyer pays is what is compared.
    time += 40 * day
    expect((await read(id)).badges).toEqual([])
    const discounted = await edit(id, {
      ...body,
      regularPrice: 310_000,
      offer: true,
      discountedPrice: 300_000,
    })
    expect(discounted.badges).toEqual(['reduced'])
  })

  it('gives saved homes their badges too', async () => {
    time = start + 600 * day
    const { id, body } = await publish()
    time += minute
    await edit(id, { ...body, regularPrice: 200_000 })
    const saver = await signIn(t.context, await createUser(t.context))
    const saved = await t.app.request(`/api/favourites/${id}`, {
      method: 'PUT',
      headers: { Cookie: saver, Origin: testOrigin },
    })
    expect(saved.status).toBe(204)
    const { body: favourites } = await requestJson<{ items: Listing[] }>(t.app, '/api/favourites', {
      headers: { cookie: saver },
    })
    expect(favourites.items.find((item) => item.id === id)).toMatchObject({
      badges: ['new', 'reduced'],
      priceChangedAt: new Date(time).toISOString(),
    })
  })

  it('is gone with its listing', async () => {
    const { id } = await publish()
    const deleted = await t.app.request(`/api/listings/${id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: testOrigin },
    })
    expect(deleted.status).toBe(204)
    const rows = await t.context.db.kysely
      .selectFrom('listing_price_history')
      .select('at')
      .where('listingId', '=', id)
      .execute()
    expect(rows).toEqual([])
  })
})
