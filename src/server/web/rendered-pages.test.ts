// The listing and list screens come server-rendered: their HTML, read without running a script,
// holds what a reader needs and links to follow, with the data they were rendered from for the
// client to hydrate.
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
  insertListings,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp, type App } from '../app'
import type { RenderPage } from './page-renderer'
import { escapeHtml } from '../lib/escape'

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
    href!.replace(/&amp;|&#38;/g, '&'),
  )
}

describe.each(dialects)('pages rendered on the server (%s)', (dialect) => {
  let test: TestApp
  let app: App
  let renders = 0
  let listing: { id: string; type: 'rent' | 'sale'; userRef: string }
  let owner: TestUser
  let hostileId: string

  beforeAll(async () => {
    test = await createTestApp(dialect, { PUBLIC_URL: 'https://homes.example' })
    const clientDir = await writeClientFolder(test.dataDir)
    const counted: RenderPage = (url, data) => {
      renders += 1
      return renderPage(url, data)
    }
    app = createApp(test.context, { clientDir, renderPage: counted })

    owner = await createUser(test.context)
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

  it('renders a listing: its name, price, facts, place, photos and the contact link', async () => {
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
    expect(linksOf(body)).toContain(contactPath(listing.userRef, 'Bright Loft in Lyon', listing.id))
    expect(pageDataOf(html)?.listing?.value?.id).toBe(listing.id)
  })

  it('renders the first page of each list, every card a link to its listing', async () => {
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

  it('returns 404 for a listing that is not there, rendered as not found', async () => {
    const { status, html } = await page('/category/rent/NoSuchListing0000000')
    expect(status).toBe(404)
    expect(html).toContain('<div id="root"><')
    expect(pageDataOf(html)?.listing).toEqual({ id: 'NoSuchListing0000000', value: null })
  })

  it('keeps a rendered page while the listings stay as they were, and renders it again after a change', async () => {
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

  it('renders a page once whatever query it comes with that it does not read', async () => {
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
    expect(linksOf(withoutScripts).filter((href) => !href.includes('cursor='))).toEqual([
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

  it('renders the contact page: the landlord, the listing it is about, a form that needs no script', async () => {
    const target = contactPath(owner.id, 'Bright Loft & Lyon', listing.id)
    const before = renders
    const { status, html } = await page(target)
    expect(status).toBe(200)
    const body = html.slice(html.indexOf('<div id="root">'))
    const text = textOf(body)
    expect(text).toContain('Contact Landlord')
    expect(text).toContain(`Contact ${owner.name}`)
    expect(text).toContain('Bright Loft in Lyon')
    expect(linksOf(body)).toContain(listingPagePath(listing))
    expect(body).toMatch(/<img [^>]*src="[^"]*abc-house-1[^"]*"/)
    // Without scripts the browser composes the mail from the form's fields.
    const form = /<form [^>]*>/.exec(body)?.[0] ?? ''
    expect(form).toContain(`action="mailto:${owner.email}"`)
    expect(form).toContain('method="get"')
    expect(body).toMatch(/<input type="hidden" name="subject" value="Bright Loft &amp; Lyon"\/>/)
    expect(body).toMatch(/<textarea [^>]*name="body"/)
    expect(body).toMatch(/<button type="submit"[^>]*>Send Message<\/button>/)
    expect(pageDataOf(html)?.landlord?.value.email).toBe(owner.email)
    // Not kept: the landlord's name may change while the listings do not.
    await page(target)
    expect(renders).toBe(before + 2)
  })

  it('leaves out a listing of another landlord, and renders an old link without one', async () => {
    const other = await createUser(test.context)
    const { html } = await page(contactPath(other.id, 'Flat', listing.id))
    expect(textOf(html)).not.toContain('Bright Loft in Lyon')
    expect(pageDataOf(html)?.listing).toBeUndefined()
    const old = await page(contactPath(owner.id, 'Bright Loft in Lyon'))
    expect(old.status).toBe(200)
    expect(textOf(old.html)).toContain(`Contact ${owner.name}`)
  })

  it('renders the account forms, their submit off until the page is live', async () => {
    for (const [target, heading] of [
      ['/sign-in', 'Welcome Back!'],
      ['/sign-up', 'Welcome!'],
      ['/forgot-password', 'Forgot Password'],
    ] as const) {
      const { status, html } = await page(target)
      expect(status, target).toBe(200)
      const body = html.slice(html.indexOf('<div id="root">'))
      expect(textOf(body), target).toContain(heading)
      expect(body, target).toMatch(/<input [^>]*name="email"/)
      expect(body, target).toMatch(/<button type="submit"[^>]*disabled=""/)
      expect(body, target).toContain('This form needs JavaScript')
      expect(html, target).toContain('<meta name="robots" content="noindex">')
    }
  })

  it('leaves Sign in and Sign up to the browser for a request with a session cookie', async () => {
    // The browser sends a signed-in user on to My Profile without showing the form first.
    const headers = { Cookie: 'better-auth.session_token=any' }
    for (const target of ['/sign-in', '/sign-up']) {
      const html = await (await app.request(target, { headers })).text()
      expect(html, target).toContain('<div id="root"></div>')
    }
    const reset = await (await app.request('/forgot-password', { headers })).text()
    expect(reset).toContain('Forgot Password</h1>')
  })

  it("renders each later page of a list at its cursor, the 'Load More' link's address", async () => {
    const sold = await insertListings(
      test.context,
      Array.from({ length: 12 }, (_, index) => ({
        userRef: owner.id,
        name: `Sunny House number ${index + 1}`,
        type: 'sale' as const,
        timestamp: Date.now() - 120_000 - index * 1000,
      })),
    )
    const first = await page('/category/sale')
    const next = linksOf(first.html).find((href) => href.startsWith('/category/sale?cursor='))
    expect(next).toBeDefined()
    expect(textOf(first.html)).not.toContain('Sunny House number 11')

    const second = await page(next!)
    expect(second.status).toBe(200)
    expect(textOf(second.html)).toContain('Sunny House number 11')
    expect(textOf(second.html)).not.toContain('Sunny House number 1 ')
    expect(linksOf(second.html)).toContain(listingPagePath(sold[11]!))
    // Its listings move on as homes are added: followed, not indexed, and named as it is.
    expect(second.html).toContain('<meta name="robots" content="noindex">')
    expect(second.html).toContain(
      `<link rel="canonical" href="https://homes.example${escapeHtml(next!)}">`,
    )
    expect(pageDataOf(second.html)?.listingPages?.cursor).toBe(
      new URL(next!, 'http://x').searchParams.get('cursor'),
    )
  })

  it("responds to a cursor that is not its list's with a 400 page that leads to the first page", async () => {
    const first = await page('/category/sale')
    const saleCursor = new URL(
      linksOf(first.html).find((href) => href.includes('cursor='))!,
      'http://x',
    ).searchParams.get('cursor')!
    for (const target of [
      '/category/sale?cursor=not-a-cursor',
      `/category/rent?cursor=${saleCursor}`,
      `/offers?cursor=${saleCursor}`,
      `/search?type=rent&cursor=${saleCursor}`,
    ]) {
      const { status, html } = await page(target)
      expect(status, target).toBe(400)
      expect(textOf(html), target).toContain('This page of the list is not there')
      expect(linksOf(html), target).toContain(
        target.split('?')[0] === '/search' ? '/search?type=rent' : target.split('?')[0],
      )
    }
  })

  it("gives a search's first request, left to the browser, a 'Load More' link too", async () => {
    const { html } = await page('/search?type=sale&minBedrooms=1')
    expect(html).toContain('<div id="root"></div>')
    const withoutScripts = /<noscript>[\s\S]*?<\/noscript>/.exec(html)?.[0] ?? ''
    const next = linksOf(withoutScripts).find((href) => href.includes('cursor='))
    expect(next).toMatch(/^\/search\?type=sale&minBedrooms=1&cursor=/)
    const second = await page(next!)
    expect(second.status).toBe(200)
    expect(textOf(second.html)).toContain('Sunny House number 11')
  })
})
