// The listing and list screens come drawn: their HTML, read without running a script, holds what a
// reader needs and links to follow, with the data they were drawn from for the client to hydrate.
// Runs the client's server entry from source (render-page.tsx) on a small client folder made here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageDataElementId, type PageData } from '../../shared/page-data'
import { contactPath, listingPagePath } from '../../shared/screens'
import { renderPage } from '../../client/render-page'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
} from '../../../tests/support/test-app'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp, type App } from '../app'
import type { RenderPage } from './page-renderer'
import { escapeHtml } from '../http/escape'

const hostileName = 'Loft </script><script>alert(1)</script> <!-- near the park'

/** The page data a page carries, as the client reads it. */
function pageDataOf(html: string): PageData | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${pageDataElementId}">(.*?)</script>`,
    's',
  ).exec(html)
  return match ? (JSON.parse(match[1]!) as PageData) : undefined
}

/** The page's text as a reader sees it: no tags, no React's text separators. */
function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

/** Every href of the page's links, decoded as a browser would read the attribute. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) =>
    href!.replace(/&amp;/g, '&'),
  )
}

describe.each(dialects)('pages drawn on the server (%s)', (dialect) => {
  let test: TestApp
  let app: App
  let renders = 0
  let listing: { id: string; type: 'rent' | 'sale'; userRef: string }
  let hostileId: string

  beforeAll(async () => {
    test = await createTestApp(dialect, { PUBLIC_URL: 'https://homes.example' })
    const clientDir = await writeClientFolder(test.dataDir)
    const counted: RenderPage = (url, data) => {
      renders += 1
      return renderPage(url, data)
    }
    app = createApp(test.context, { clientDir, renderPage: counted })

    const owner = await createUser(test.context)
    listing = await insertListing(test.context, {
      userRef: owner.id,
      name: 'Bright Loft in Lyon',
      type: 'rent',
      bedrooms: 3,
      bathrooms: 2,
      parking: true,
      location: '5 Rue de la République, Lyon, France',
      regularPrice: 2500,
      offer: true,
      discountedPrice: 2200,
      images: ['images/abc-house-1', 'images/abc-house-2'],
    })
    hostileId = (
      await insertListing(test.context, {
        userRef: owner.id,
        name: hostileName,
        type: 'rent',
        images: ['images/hostile-house-1'],
        timestamp: Date.now() - 60_000,
      })
    ).id
  })
  afterAll(() => test?.close())

  const page = async (target: string) => {
    const response = await app.request(target)
    return { status: response.status, html: await response.text() }
  }

  it('draws a listing: its name, price, facts, place, photos and the contact link', async () => {
    const { status, html } = await page(listingPagePath(listing))
    expect(status).toBe(200)
    const body = html.slice(html.indexOf('<div id="root">'))
    const text = textOf(body)
    expect(text).toContain('Bright Loft in Lyon - $2,200')
    expect(text).toContain('$2,200 / Month')
    expect(text).toContain('3 Bedrooms')
    expect(text).toContain('2 Bathrooms')
    expect(text).toContain('Parking Spot')
    expect(text).toContain('5 Rue de la République, Lyon, France')
    // Each photo with its variants and a text for those who cannot see it.
    const images = [...body.matchAll(/<img [^>]*>/g)].map(([tag]) => tag)
    expect(images.some((tag) => /srcSet="[^"]*abc-house-1[^"]* 400w/.test(tag))).toBe(true)
    expect(images.some((tag) => /alt="Bright Loft in Lyon, photo 1"/.test(tag))).toBe(true)
    expect(linksOf(body)).toContain(contactPath(listing.userRef, 'Bright Loft in Lyon'))
    expect(pageDataOf(html)?.listing?.value?.id).toBe(listing.id)
  })

  it('draws the first page of each list, every card a link to its listing', async () => {
    for (const target of ['/category/rent', '/offers', '/']) {
      const { status, html } = await page(target)
      expect(status, target).toBe(200)
      expect(linksOf(html), target).toContain(listingPagePath(listing))
      expect(textOf(html), target).toContain('Bright Loft in Lyon')
    }
    const data = pageDataOf((await page('/category/rent')).html)
    expect(data?.listingPages?.filter).toEqual({ type: 'rent' })
    expect(data?.listingPages?.page.items.map((item) => item.id)).toEqual([listing.id, hostileId])
  })

  it('keeps a hostile name inert, in the HTML and in the page data', async () => {
    const { html } = await page(listingPagePath({ id: hostileId, type: 'rent' }))
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<!-- near')
    expect(pageDataOf(html)?.listing?.value?.name).toBe(hostileName)
  })

  it('answers a listing that is not there with 404, drawn as not found', async () => {
    const { status, html } = await page('/category/rent/NoSuchListing0000000')
    expect(status).toBe(404)
    expect(html).toContain('<div id="root"><')
    expect(pageDataOf(html)?.listing).toEqual({ id: 'NoSuchListing0000000', value: null })
  })

  it('keeps a drawn page while the listings stay as they were, and draws it again after a change', async () => {
    const target = listingPagePath(listing)
    await page(target)
    const before = renders
    expect(textOf((await page(target)).html)).toContain('Bright Loft in Lyon')
    expect(renders).toBe(before)

    await test.context.listings.setStatus(listing.id, 'rented')
    const { html } = await page(target)
    expect(renders).toBe(before + 1)
    expect(html).toContain('noindex')
    await test.context.listings.setStatus(listing.id, 'active')
  })

  it('draws a page once whatever query it comes with that it does not read', async () => {
    await page('/category/rent')
    const before = renders
    for (const target of ['/category/rent?utm_source=chat', '/category/rent/?n=1&n=2']) {
      expect((await page(target)).status, target).toBe(200)
    }
    expect(renders).toBe(before)

    // A search is kept for its search, in the order the page writes it, and its view.
    await page('/search?type=rent&minBedrooms=2')
    await page('/search?minBedrooms=2&junk=1&type=rent')
    const searched = renders
    await page('/search?type=rent&minBedrooms=2')
    expect(renders).toBe(searched)
    await page('/search?type=rent&minBedrooms=2&view=map')
    await page('/search?type=rent&minBedrooms=2&view=map')
    expect(renders).toBe(searched + 1)
  })

  it('renders a search on the server from its second request; the first carries its data', async () => {
    const before = renders
    const first = await page('/search?type=rent&maxPrice=3000')
    expect(first.status).toBe(200)
    expect(renders).toBe(before)
    expect(first.html).toContain('<div id="root"></div>')
    const data = pageDataOf(first.html)?.listingPages
    expect(data?.filter).toEqual({ type: 'rent', maxPrice: 3000 })
    expect(data?.page.items.map((item) => item.id)).toEqual([listing.id, hostileId])
    // Nothing left to fetch: the page holds the read its preload would have named.
    expect(first.html).not.toContain('rel="preload" as="fetch"')
    // A reader without scripts still gets every result as a link, beside the empty root.
    const withoutScripts = /<noscript>[\s\S]*?<\/noscript>/.exec(first.html)?.[0] ?? ''
    expect(linksOf(withoutScripts)).toEqual([
      listingPagePath(listing),
      listingPagePath({ type: 'rent', id: hostileId }),
    ])
    expect(withoutScripts).toContain(escapeHtml(hostileName))
    expect(withoutScripts).not.toContain(hostileName)

    // Asked again (by anyone, with any query it does not read): rendered, and kept.
    const second = await page('/search?maxPrice=3000&type=rent&utm_source=mail')
    expect(renders).toBe(before + 1)
    expect(linksOf(second.html)).toContain(listingPagePath(listing))
    await page('/search?type=rent&maxPrice=3000')
    expect(renders).toBe(before + 1)
  })
})
