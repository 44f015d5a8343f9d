// robots.txt and the sitemaps on both databases: the index and every page valid against the
// sitemaps.org schemas (copies in tests/support/sitemap-xsd), pages of 3 so their boundaries are
// crossed, exactly the active listings (closed and deleted ones left out), new listings added and
// closed ones dropped, and every statement read through an index.
import { gunzipSync } from 'node:zlib'
import { CompiledQuery, sql } from 'kysely'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPagePath } from '../../shared/screens'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { sitemapSchemaErrors } from '../../../tests/support/sitemap-schema'
import { recordStatements } from '../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  insertListings,
  testOrigin,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'
import { createSitemapPages } from './sitemap-pages'
import { sitemapsRoutes } from './sitemaps.routes'

const base = Date.UTC(2025, 0, 15, 12, 0, 0)
const minute = 60_000
const pageSize = 3

interface Sitemap {
  path: string
  urls: { loc: string; lastmod: string | undefined }[]
}

/** The `<loc>`s, and `<lastmod>`s, of a sitemap document. */
function entries(xml: string, element: string) {
  return [...xml.matchAll(new RegExp(`<${element}>(.*?)</${element}>`, 'g'))].map(([, inner]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(inner!)![1]!,
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(inner!)?.[1],
  }))
}

describe.each(dialects)('sitemaps on %s', (dialect) => {
  let t: TestApp
  let app: Hono
  let owner: string
  const active: ListingRow[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect)
    app = new Hono().route(
      '/',
      sitemapsRoutes({
        publicUrl: testOrigin,
        sitemapPages: createSitemapPages(t.context.db, { pageSize }),
      }),
    )
    owner = (await createUser(t.context)).id
    // Eight on the market (one whose id needs escaping in a URL and in XML), two closed, two
    // deleted, in a shuffled order of creation.
    for (const i of [5, 0, 9, 2, 7, 11, 1, 4, 10, 6, 3, 8]) {
      const row = await insertListing(t.context, {
        userRef: owner,
        id: i === 4 ? `l&'<4>"` : undefined,
        type: i % 2 ? 'sale' : 'rent',
        timestamp: base + i * minute,
        status: i === 3 ? 'sold' : i === 6 ? 'rented' : 'active',
      })
      if (i === 8 || i === 10) await t.context.listings.delete(row.id)
      else if (row.status === 'active') active.push(row)
    }
  })
  afterAll(() => t?.close())

  /** Reads the index and every sitemap it names, each checked against its schema. */
  async function crawl(): Promise<Sitemap[]> {
    const index = await app.request('/sitemap.xml')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const indexXml = await index.text()
    expect(await sitemapSchemaErrors(indexXml, 'sitemapindex')).toEqual([])
    const sitemaps: Sitemap[] = []
    for (const { loc } of entries(indexXml, 'sitemap')) {
      expect(loc.startsWith(`${testOrigin}/sitemaps/`), loc).toBe(true)
      const path = loc.slice(testOrigin.length)
      const page = await app.request(path)
      expect(page.status, path).toBe(200)
      const xml = await page.text()
      expect(await sitemapSchemaErrors(xml, 'urlset'), `${path}\n${xml}`).toEqual([])
      sitemaps.push({ path, urls: entries(xml, 'url') })
    }
    return sitemaps
  }

  /** Every listing URL of the sitemaps, with the page it is on. */
  async function listingUrls() {
    const sitemaps = (await crawl()).filter(({ path }) => path.startsWith('/sitemaps/listings-'))
    for (const { path, urls } of sitemaps) expect(urls.length, path).toBeLessThanOrEqual(pageSize)
    return sitemaps.flatMap(({ path, urls }) => urls.map((url) => ({ ...url, path })))
  }

  const urlOf = (row: Pick<ListingRow, 'type' | 'id'>) =>
    `${testOrigin}${listingPagePath(row)}`.replace(/&/g, '&#38;').replace(/'/g, '&#39;')

  it('serves robots.txt and the sitemap index before the client routes', async () => {
    const robots = await t.app.request('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(robots.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
    const text = await robots.text()
    for (const path of [
      '/api/',
      '/profile',
      '/saved',
      '/messages',
      '/viewings',
      '/create-listing',
      '/edit-listing/',
    ]) {
      expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'))
    }
    expect(text).toMatch(/^Disallow: \/reset-password$/m)
    expect(text).toMatch(/^Disallow: \/oauth-popup$/m)
    // Linked from public pages and marked `noindex`, which a crawler must be let in to read.
    for (const path of ['/sign-in', '/sign-up', '/forgot-password', '/contact/']) {
      expect(text).not.toMatch(new RegExp(`^Disallow: ${path}`, 'm'))
    }
    expect(text).not.toMatch(/^Disallow: \/$/m)
    expect(text).toContain(`\nSitemap: ${testOrigin}/sitemap.xml\n`)

    // The whole app: no client is built here, so a path the sitemaps did not serve gets 503.
    const index = await t.app.request('/sitemap.xml')
    expect(index.status).toBe(200)
    expect(await sitemapSchemaErrors(await index.text(), 'sitemapindex')).toEqual([])
  })

  it('names the public screens and exactly the active listings, in valid pages of 3', async () => {
    const screens = (await crawl()).find(({ path }) => path === '/sitemaps/screens.xml')
    expect(screens?.urls.map(({ loc }) => loc)).toEqual(
      ['/', '/offers', '/category/rent', '/category/sale'].map((path) => `${testOrigin}${path}`),
    )
    const urls = await listingUrls()
    expect(urls.map(({ loc }) => loc).sort()).toEqual(active.map(urlOf).sort())
    expect(new Set(urls.map(({ path }) => path)).size).toBe(Math.ceil(active.length / pageSize))
    for (const { loc, lastmod } of urls) {
      const row = active.find((listing) => urlOf(listing) === loc)!
      expect(lastmod).toBe(new Date(row.timestamp).toISOString())
    }
  })

  it('sends a page gzipped to a client that takes it', async () => {
    const plain = await (await app.request('/sitemaps/listings-1.xml')).text()
    const zipped = await app.request('/sitemaps/listings-1.xml', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(plain)
  })

  it('adds new listings, drops closed and deleted ones, and dates the last change', async () => {
    const before = await listingUrls()
    const newest = await insertListing(t.context, { userRef: owner, timestamp: base + 60 * minute })
    // Older than every page's start: it lands in the first page, which splits rather than grow.
    const late = await insertListing(t.context, { userRef: owner, timestamp: base - 60 * minute })
    const [closed, deleted, edited] = [active[0]!, active[1]!, active[2]!]
    await t.context.listings.setStatus(closed.id, 'sold')
    await t.context.listings.delete(deleted.id)
    const editedAt = Date.now()
    await sql`update listing set "name" = 'A new name' where "id" = ${edited.id}`.execute(
      t.context.db.kysely,
    )

    // The first page splits as it is read; the index names its new page from the next read on.
    await listingUrls()
    const after = await listingUrls()
    const expected = [...active.slice(1), newest, late].filter((row) => row !== deleted)
    expect(after.map(({ loc }) => loc).sort()).toEqual(expected.map(urlOf).sort())
    const lastmod = after.find(({ loc }) => loc === urlOf(edited))!.lastmod!
    expect(Date.parse(lastmod)).toBeGreaterThanOrEqual(editedAt - 1000)
    // A page's address keeps naming the listings it named, or fewer.
    for (const { loc, path } of after) {
      const earlier = before.find((url) => url.loc === loc)
      if (earlier) expect(path, loc).toBe(earlier.path)
    }
    expect((await app.request('/sitemaps/listings-99.xml')).status).toBe(404)
  })

  it('reads every page through the index of the active listings, never a scan', async () => {
    await insertListings(
      t.context,
      Array.from({ length: 40 }, (_, i) => ({ userRef: owner, timestamp: base + i * 7 })),
    )
    const statements = await recordStatements(dialect, async () => {
      for (const path of ['/sitemap.xml', '/sitemaps/listings-1.xml', '/sitemaps/listings-2.xml']) {
        expect((await app.request(path)).status, path).toBe(200)
      }
    })
    const reads = statements.filter((statement) => /from "?listing"?\s/i.test(statement.sql))
    expect(reads.length).toBeGreaterThan(0)
    for (const statement of reads) {
      const plan = await queryPlan(t.context.db, () => ({
        compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
      }))
      const shown = `${statement.sql}\n${plan.join('\n')}`
      expect(scansTable(plan, 'listing'), shown).toBe(false)
      expect(plan.join('\n'), shown).toMatch(/listing_newest\b/)
      expect(plan.join('\n'), shown).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key/)
    }
  })
})
