// Searches that no cache serves cost the database a read each: one address gets 120 a minute, the
// API's list and map reads and the server-rendered search page together; cached ones are free.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { writeClientFolder } from '../../../tests/support/client-folder'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
} from '../../../tests/support/test-app'
import { createApp, type App } from '../app'

const budget = 120
let addressCount = 0

describe.each(dialects)('the per-address budget of uncached searches (%s)', (dialect) => {
  let t: TestApp
  let app: App

  beforeAll(async () => {
    // Behind one proxy on this machine, as `npm run cluster` runs it.
    t = await createTestApp(dialect, { TRUST_PROXY: 'loopback' })
    const user = await createUser(t.context)
    await insertListing(t.context, { userRef: user.id, regularPrice: 1500 })
    const clientDir = await writeClientFolder(t.dataDir)
    app = createApp(t.context, { clientDir, renderPage: () => Promise.resolve('<p>Rendered</p>') })
  })
  afterAll(async () => {
    await t?.close()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A client's address, as the proxy on 127.0.0.1 reports it. */
  const newAddress = () => `198.51.100.${++addressCount}`
  const get = (url: string, address: string) =>
    app.request(
      url,
      { headers: { 'X-Forwarded-For': address } },
      { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 1, remoteFamily: 'IPv4' } } },
    )

  /** Spends the address's whole budget on distinct searches, each a 200. */
  async function spendBudget(address: string, url: (n: number) => string) {
    const statuses = new Set<number>()
    for (let n = 1; n <= budget; n++) statuses.add((await get(url(n), address)).status)
    expect([...statuses]).toEqual([200])
  }

  it('refuses the 121st distinct search of a minute with 429 and Retry-After; other addresses go on', async () => {
    const address = newAddress()
    // List and map reads share one budget.
    await spendBudget(address, (n) =>
      n % 2
        ? `/api/listings?minPrice=${n}`
        : `/api/listings/map?bbox=-180,-85,180,85&zoom=2&minPrice=${n}`,
    )
    const limited = await get('/api/listings?minPrice=5000', address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await limited.json()).toEqual({ error: expect.any(String) })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const map = await get('/api/listings/map?bbox=-180,-85,180,85&zoom=2&minPrice=5000', address)
    expect(map.status).toBe(429)

    const other = await get('/api/listings?minPrice=5000', newAddress())
    expect(other.status).toBe(200)
  })

  it('never counts a cached response', async () => {
    const address = newAddress()
    const cached = '/api/listings?minPrice=777'
    // Read once by someone else: from now on it is served from the cache.
    expect((await get(cached, newAddress())).status).toBe(200)
    for (let i = 0; i < budget + 10; i++) expect((await get(cached, address)).status).toBe(200)
    // None of those counted: the whole budget is still there.
    await spendBudget(address, (n) => `/api/listings?maxPrice=${n}`)
    expect((await get('/api/listings?maxPrice=99999', address)).status).toBe(429)
    // And a cached response stays free past the budget.
    expect((await get(cached, address)).status).toBe(200)
  })

  it('limits the server-rendered search page the same way, with a 429 page that says so', async () => {
    const address = newAddress()
    // Rendered on the server from its second request, and kept from then on.
    const kept = '/search?type=rent'
    for (let i = 0; i < 2; i++) expect((await get(kept, newAddress())).status).toBe(200)
    await spendBudget(address, (n) => `/search?minPrice=${n}`)
    const limited = await get('/search?minPrice=9999', address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/^text\/html/)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const html = await limited.text()
    expect(html).toContain('<h1>Too many searches</h1>')
    expect(html).toMatch(new RegExp(`Try again in ${retryAfter} seconds`))
    expect(html).toContain('<meta name="robots" content="noindex">')

    // The API's reads are part of the same budget; a page kept is free.
    expect((await get('/api/listings?minPrice=9999', address)).status).toBe(429)
    expect((await get(kept, address)).status).toBe(200)
    expect((await get('/search?minPrice=9999', newAddress())).status).toBe(200)
  })

  it("counts a list's later pages (a cursor in the address) in the same budget", async () => {
    const address = newAddress()
    // Made-up cursors are refused, and counted all the same: each asked the server to read.
    for (let n = 1; n <= budget; n++) {
      expect((await get(`/category/rent?cursor=made-up-${n}`, address)).status).toBe(400)
    }
    const limited = await get('/offers?cursor=made-up', address)
    expect(limited.status).toBe(429)
    expect(await limited.text()).toContain('<h1>Too many searches</h1>')
    // The first page of a list is no search.
    expect((await get('/category/rent', address)).status).toBe(200)
  })

  it('lets the address on again when its minute is over', async () => {
    const address = newAddress()
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start })
    await spendBudget(address, (n) => `/api/listings?minBedrooms=1&maxPrice=${n}`)
    expect((await get('/api/listings?minBedrooms=2', address)).status).toBe(429)
    vi.setSystemTime(start + 61_000)
    expect((await get('/api/listings?minBedrooms=2', address)).status).toBe(200)
  })
})
