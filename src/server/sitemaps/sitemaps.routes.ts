// /robots.txt, the sitemap index /sitemap.xml, and its sitemaps: the public screens, and the
// active listings in pages (sitemap-pages.ts). Mounted before the client's `/*`.
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import { categoryPath, listingPagePath, screens } from '../../shared/screens.js'
import type { SitemapPages } from './sitemap-pages.js'
import { robotsTxt } from './robots-txt.js'
import { sitemapIndexXml, urlSetXml } from './sitemap-xml.js'

// Crawlers come back now and then; an hour old is fresh enough, and spares the database.
const cacheControl = 'public, max-age=3600'

const screensSitemap = '/sitemaps/screens.xml'
const listingsSitemap = (page: number) => `/sitemaps/listings-${page}.xml`

/** The public screens besides the listings' own pages. */
const publicScreens = [
  screens.explore.path,
  screens.offers.path,
  categoryPath('rent'),
  categoryPath('sale'),
]

export function sitemapsRoutes(deps: { publicUrl: string; sitemapPages: SitemapPages }) {
  const { publicUrl, sitemapPages } = deps
  const absolute = (path: string) => `${publicUrl}${path}`
  const xml = (c: Context, body: string) =>
    c.body(body, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': cacheControl,
    })

  return (
    new Hono()
      // A page of 50,000 URLs is megabytes of XML; crawlers take it gzipped.
      .use('/sitemaps/*', compress())
      .get('/robots.txt', (c) =>
        c.text(robotsTxt(publicUrl), 200, { 'Cache-Control': 'public, max-age=86400' }),
      )
      .get('/sitemap.xml', async (c) => {
        const pages = await sitemapPages.pages()
        const sitemaps = [screensSitemap, ...pages.map(listingsSitemap)]
        return xml(c, sitemapIndexXml(sitemaps.map((path) => ({ loc: absolute(path) }))))
      })
      .get(screensSitemap, (c) =>
        xml(c, urlSetXml(publicScreens.map((path) => ({ loc: absolute(path) })))),
      )
      .get('/sitemaps/:name{listings-[0-9]+\\.xml}', async (c) => {
        const page = Number(/\d+/.exec(c.req.param('name'))![0])
        const listings = await sitemapPages.listings(page)
        // An empty page is no sitemap (the protocol asks for one URL at least): the index leaves
        // it out, and a crawler that kept its address finds nothing there.
        if (!listings?.length) return c.notFound()
        return xml(
          c,
          urlSetXml(
            listings.map((listing) => ({
              loc: absolute(listingPagePath(listing)),
              lastmod: listing.changedAt,
            })),
          ),
        )
      })
  )
}
