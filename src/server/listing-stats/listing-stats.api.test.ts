// Owners' statistics on every database, through a real HTTP server (views are counted from Node's
// request, before the response cache) with the server's clock moved by days: a view counted once
// per visitor and day, the owner's own, crawlers' and prefetches' left out, the other counts where
// they happen, every day in the response, and who may read it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ListingStats, WeekViews } from '../../shared/listing-stats'
import { appRequestListener, createApp } from '../app'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { writeClientFolder } from '../../../tests/support/client-folder'
import {
  createTestApp,
  dialects,
  insertListing,
  requestJson,
  type ListingFields,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'

const day = 24 * 60 * 60_000
const start = Date.parse('2031-05-12T10:00:00Z')
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

describe.each(dialects)('listing statistics on %s', (dialect) => {
  let t: TestApp
  let server: http.Server
  let base: string
  let clock = start
  let owner: SignedInUser
  let visitor: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '1' }, { now: () => clock })
    const clientDir = await writeClientFolder(t.dataDir)
    const app = createApp(t.context, { clientDir, renderPage: async () => '<main></main>' })
    server = http.createServer(appRequestListener(t.context, app))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    visitor = await signUpAndIn(t.context, { name: 'Victor Visitor' })
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    await t?.close()
  })
  afterEach(async () => {
    clock = start
    await t.context.db.kysely.deleteFrom('listing').execute()
    await t.context.db.kysely.deleteFrom('listing_visitor').execute()
    await t.context.db.kysely.deleteFrom('robot_visitor').execute()
  })

  /** A request from `address` (the proxy's X-Forwarded-For) with a browser's user agent. */
  async function visit(path: string, address: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      headers: { 'User-Agent': browser, 'X-Forwarded-For': address, ...headers },
    })
    await response.arrayBuffer()
    return response
  }

  async function stats(id: string, query = '', cookie = owner.cookie) {
    await t.context.listingStats.views.flush()
    return requestJson<ListingStats>(t.app, `/api/listings/${id}/stats${query}`, {
      headers: { Cookie: cookie },
    })
  }

  const home = (fields: Omit<ListingFields, 'userRef'> = {}) =>
    insertListing(t.context, { userRef: owner.id, timestamp: start - day, ...fields })

  it('counts a visitor once a day, by address and browser, on the page and in the app', async () => {
    const { id } = await home({ type: 'rent' })
    await visit(`/api/listings/${id}`, '198.51.100.1')
    await visit(`/api/listings/${id}`, '198.51.100.1')
    await visit(`/category/rent/${id}`, '198.51.100.1')
    await visit(`/api/listings/${id}`, '198.51.100.2')
    await visit(`/api/listings/${id}`, '198.51.100.1', { 'User-Agent': `${browser} Edg/131.0` })
    clock += day
    await visit(`/category/rent/${id}`, '198.51.100.1')

    const { status, body } = await stats(id, '?days=3')
    expect(status).toBe(200)
    expect(body.days.map((d) => [d.date, d.views])).toStrictEqual([
      ['2031-05-11', 0],
      ['2031-05-12', 3],
      ['2031-05-13', 1],
    ])
    expect(body.totals).toStrictEqual({
      views: 4,
      saves: 0,
      conversations: 0,
      bookings: 0,
      alertHits: 0,
    })
  })

  it("leaves out the owner's own views, crawlers, prefetches and missing listings", async () => {
    const { id } = await home({ type: 'sale' })
    await visit(`/api/listings/${id}`, '198.51.100.1', { Cookie: owner.cookie })
    await visit(`/category/sale/${id}`, '198.51.100.2', {
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    })
    await visit(`/api/listings/${id}`, '198.51.100.3', { 'User-Agent': 'curl/8.5.0' })
    await visit(`/category/sale/${id}`, '198.51.100.4', { 'Sec-Purpose': 'prefetch' })
    await visit(`/category/sale/${id}`, '198.51.100.5', { Purpose: 'prefetch' })
    // A crawler that calls itself a browser, found by what it asks for first.
    await visit('/robots.txt', '198.51.100.6')
    await visit(`/category/sale/${id}`, '198.51.100.6')
    await visit('/api/listings/no-such-listing', '198.51.100.7')
    await visit('/api/listings/map?bbox=-180,-90,180,90&zoom=2', '198.51.100.7')
    // Someone else, signed in: counted.
    await visit(`/api/listings/${id}`, '198.51.100.8', { Cookie: visitor.cookie })

    const { body } = await stats(id, '?days=1')
    expect(body.days).toStrictEqual([expect.objectContaining({ date: '2031-05-12', views: 1 })])
  })

  it('sets no cookie for a visitor and stores no address, only hashes of the day', async () => {
    const { id } = await home({ type: 'rent' })
    const page = await visit(`/category/rent/${id}`, '203.0.113.77')
    const read = await visit(`/api/listings/${id}`, '203.0.113.78')
    expect(page.headers.getSetCookie()).toStrictEqual([])
    expect(read.headers.getSetCookie()).toStrictEqual([])
    await t.context.listingStats.views.flush()
    const visitors = await t.context.db.kysely.selectFrom('listing_visitor').selectAll().execute()
    expect(visitors).toHaveLength(2)
    const stored = JSON.stringify(visitors)
    expect(stored).not.toContain('203.0.113')
    expect(stored).not.toContain('Mozilla')

    // Two days on, yesterday's hashes stay for a batch gathered before midnight; older ones go.
    clock += 2 * day
    await visit(`/api/listings/${id}`, '203.0.113.77')
    await t.context.listingStats.views.flush()
    const days = await t.context.db.kysely.selectFrom('listing_visitor').select('day').execute()
    expect(new Set(days.map((row) => row.day))).toStrictEqual(new Set(['2031-05-14']))
    const salts = await t.context.db.kysely.selectFrom('view_salt').select('day').execute()
    expect(salts.every((row) => row.day >= '2031-05-13')).toBe(true)
  })

  it('counts saves and new conversations where they happen', async () => {
    const { id } = await home({ type: 'rent' })
    const save = () =>
      t.app.request(`/api/favourites/${id}`, {
        method: 'PUT',
        headers: { Origin: testOrigin, Cookie: visitor.cookie },
      })
    expect((await save()).status).toBe(204)
    expect((await save()).status).toBe(204)
    const ask = (body: string) =>
      t.app.request(`/api/listings/${id}/conversations`, {
        method: 'POST',
        headers: { Origin: testOrigin, Cookie: visitor.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ body }),
      })
    expect((await ask('Is it still free?')).status).toBe(201)
    expect([200, 201]).toContain((await ask('And pets?')).status)

    const { body } = await stats(id, '?days=1')
    expect(body.totals).toMatchObject({ views: 0, saves: 1, conversations: 1 })
  })

  it('responds 401, 404 for a listing not yours, and 400 for days outside 1 to 90', async () => {
    const { id } = await home()
    expect((await requestJson(t.app, `/api/listings/${id}/stats`)).status).toBe(401)
    expect((await stats(id, '', visitor.cookie)).status).toBe(404)
    expect((await stats('no-such-listing')).status).toBe(404)
    for (const days of ['0', '91', '1.5', 'ten', '']) {
      const { status, body } = await stats(id, `?days=${days}`)
      expect(status, days).toBe(400)
      expect(body).toMatchObject({ fields: { days: expect.any(String) } })
    }
    const month = await stats(id)
    expect(month.status).toBe(200)
    expect(month.body.days).toHaveLength(30)
    expect(month.body.days.at(-1)!.date).toBe('2031-05-12')
    expect(month.body.days[0]!.date).toBe('2031-04-13')
    expect((await stats(id, '?days=90')).body.days).toHaveLength(90)
  })

  it('renders the statistics screen for the owner alone, with its figures in the page', async () => {
    const { id } = await home({ name: 'Rendered Flat' })
    await visit(`/api/listings/${id}`, '198.51.100.1')
    await t.context.listingStats.views.flush()
    const screen = async (cookie?: string) => {
      const response = await fetch(`${base}/listing-stats/${id}`, {
        headers: cookie ? { Cookie: cookie } : {},
      })
      return { status: response.status, html: await response.text() }
    }
    const own = await screen(owner.cookie)
    expect(own.status).toBe(200)
    expect(own.html).toContain('<title>Statistics: Rendered Flat | House Marketplace</title>')
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(own.html)
    const pageData = JSON.parse(data![1]!) as {
      listingStats: { days: number; value: ListingStats }
    }
    expect(pageData.listingStats.days).toBe(30)
    expect(pageData.listingStats.value.totals.views).toBe(1)
    for (const cookie of [visitor.cookie, undefined]) {
      const other = await screen(cookie)
      expect(other.status).toBe(404)
      expect(other.html).not.toContain('Rendered Flat')
    }
  })

  it("gives the owner each listing's views of the last 7 days", async () => {
    const first = await home({ name: 'First' })
    const second = await home({ name: 'Second' })
    await visit(`/api/listings/${first.id}`, '198.51.100.1')
    clock += 7 * day
    await visit(`/api/listings/${first.id}`, '198.51.100.1')
    await visit(`/api/listings/${first.id}`, '198.51.100.2')
    await t.context.listingStats.views.flush()
    const week = await requestJson<WeekViews>(t.app, '/api/listing-stats/week', {
      headers: { Cookie: owner.cookie },
    })
    expect(week.body).toStrictEqual({ views: { [first.id]: 2, [second.id]: 0 } })
    expect((await requestJson(t.app, '/api/listing-stats/week')).status).toBe(401)
  })
})
