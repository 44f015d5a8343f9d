// Each screen's HTML comes with its own head: title, description, a listing's preview card, and
// preloads that name exactly what the client will fetch. Runs on a small client folder made here
// (index.html with the head markers, a Vite manifest), so no client build is needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../shared/listing'
import { listingsPath } from '../../shared/listing-query'
import { readListingPage } from '../listings/read-listing-page'
import { listingPath } from '../../shared/listing-requests'
import { imageSizes } from '../../shared/media'
import { documentTitle, screens } from '../../shared/screens'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
} from '../../../tests/support/test-app'
import { schemaOrgProblems } from '../../../tests/support/schema-org'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp, type App } from '../app'

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_Carousel-1.js': {
    file: 'assets/Carousel-1.js',
    imports: ['index.html'],
    css: ['assets/Carousel-1.css'],
  },
  'pages/Listing.tsx': {
    file: 'assets/Listing-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-1.js', '_Carousel-1.js'],
    css: ['assets/Listing-1.css'],
  },
}

const hostileName = '</title><script>alert("name")</script>'

/** The JSON-LD of a page, each script's text parsed as JSON. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
}

function canonicalLinks(html: string): string[] {
  return [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((match) =>
    match[1]!.replaceAll('&#38;', '&'),
  )
}

describe.each(dialects)('page heads (%s)', (dialect) => {
  let test: TestApp
  let app: App
  let listingId: string
  let hostileId: string

  beforeAll(async () => {
    test = await createTestApp(dialect, { PUBLIC_URL: 'https://homes.example' })
    const clientDir = await writeClientFolder(test.dataDir, manifest)
    app = createApp(test.context, { clientDir })

    const owner = await createUser(test.context)
    const listing = await insertListing(test.context, {
      userRef: owner.id,
      name: 'Bright Loft in Lyon',
      type: 'sale',
      bedrooms: 3,
      bathrooms: 2,
      location: '5 Rue de la République, Lyon, France',
      regularPrice: 250000,
      images: ['images/abc-house-1'],
    })
    listingId = listing.id
    hostileId = (
      await insertListing(test.context, {
        userRef: owner.id,
        name: hostileName,
        location: '<img src=x onerror=alert(1)>',
        images: ['images/hostile-house-1'],
        timestamp: listing.timestamp + 1,
      })
    ).id
    // A rental on offer for the offers' list, and an older, dearer sale: sorted by price it is first.
    await insertListing(test.context, {
      userRef: owner.id,
      offer: true,
      timestamp: listing.timestamp - 1,
    })
    await insertListing(test.context, {
      userRef: owner.id,
      type: 'sale',
      regularPrice: 900000,
      timestamp: listing.timestamp - 2,
    })
  })
  afterAll(() => test?.close())

  async function page(url: string) {
    const response = await app.request(url)
    return { status: response.status, html: await response.text() }
  }

  it('gives a listing its title, description and preview card', async () => {
    const { status, html } = await page(`/category/sale/${listingId}`)
    expect(status).toBe(200)
    expect(html).toContain('<title>Bright Loft in Lyon | House Marketplace</title>')
    const description =
      'For sale in 5 Rue de la République, Lyon, France: 3 Bedrooms, 2 Bathrooms, $250,000.'
    expect(html).toContain(`<meta name="description" content="${description}">`)
    const url = `https://homes.example/category/sale/${listingId}`
    expect(html).toContain(`<meta property="og:url" content="${url}">`)
    expect(html).toContain(`<link rel="canonical" href="${url}">`)
    expect(html).toContain(
      `<meta property="og:title" content="Bright Loft in Lyon | House Marketplace">`,
    )
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">`)
    // The cover's 1200×630 share image, its facts right after it, as Open Graph lists them.
    const image = 'https://homes.example/share-images/abc-house-1/1200x630.jpg'
    const alt = 'Bright Loft in Lyon, photo 1'
    expect(html).toContain(
      [
        `<meta property="og:image" content="${image}">`,
        `<meta property="og:image:type" content="image/jpeg">`,
        `<meta property="og:image:width" content="1200">`,
        `<meta property="og:image:height" content="630">`,
        `<meta property="og:image:alt" content="${alt}">`,
        `<meta name="twitter:image" content="${image}">`,
        `<meta name="twitter:image:alt" content="${alt}">`,
      ].join('\n    '),
    )
    // The default title is replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it('keeps a sold listing out of search engines, and only while it is closed', async () => {
    const noindex = '<meta name="robots" content="noindex">'
    expect((await page(`/category/sale/${listingId}`)).html).not.toContain(noindex)
    await test.context.listings.setStatus(listingId, 'sold')
    try {
      const { status, html } = await page(`/category/sale/${listingId}`)
      expect(status).toBe(200)
      expect(html).toContain(noindex)
      expect(html).toContain('<title>Bright Loft in Lyon | House Marketplace</title>')
    } finally {
      await test.context.listings.setStatus(listingId, 'active')
    }
    expect((await page(`/category/sale/${listingId}`)).html).not.toContain(noindex)
  })

  it('preloads the very request the listing page makes, its first photo and its code', async () => {
    const { html } = await page(`/category/sale/${listingId}`)
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="${listingPath(listingId)}" crossorigin>`,
    )
    expect((await app.request(listingPath(listingId))).status).toBe(200)
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+\/w400\.webp" imagesrcset=/)
    // The photo slider's own `sizes`, so the browser picks the variant it preloaded.
    expect(html).toContain(` imagesizes="${imageSizes.photo}" `)
    // The page's chunks and their styles, but not what the entry script already loads.
    expect(html).toContain('<link rel="modulepreload" href="/assets/Listing-1.js">')
    expect(html).toContain('<link rel="modulepreload" href="/assets/Carousel-1.js">')
    expect(html).toContain('<link rel="stylesheet" href="/assets/Listing-1.css">')
    expect(html).toContain('<link rel="stylesheet" href="/assets/Carousel-1.css">')
    expect(html).not.toContain('modulepreload" href="/assets/shared-1.js"')
    expect(html).not.toContain('modulepreload" href="/assets/index-1.js"')
  })

  it('shows HTML in a listing as text in the title, description and preview card', async () => {
    const { html } = await page(`/category/rent/${hostileId}`)
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;alert(&#34;name&#34;)&#60;/script&#62; | House Marketplace</title>',
    )
    expect(html).toContain('content="&#60;/title&#62;&#60;script&#62;alert(&#34;name&#34;)')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
    expect(html).toContain(
      '<meta name="twitter:image:alt" content="&#60;/title&#62;&#60;script&#62;alert(&#34;name&#34;)&#60;/script&#62;, photo 1">',
    )
  })

  it("describes a listing by its description's first sentence, its HTML as text", async () => {
    const owner = await createUser(test.context)
    const { id } = await insertListing(test.context, { userRef: owner.id, images: ['images/d-1'] })
    await test.context.db.kysely
      .updateTable('listing')
      .set({ description: 'A <b>bright</b> flat & a garden. Quiet street.\n\nMore.' })
      .where('id', '=', id)
      .execute()
    const { html } = await page(`/category/rent/${id}`)
    const sentence = 'A &#60;b&#62;bright&#60;/b&#62; flat &#38; a garden.'
    for (const tag of [
      `<meta name="description" content="${sentence}">`,
      `<meta property="og:description" content="${sentence}">`,
      `<meta name="twitter:description" content="${sentence}">`,
    ]) {
      expect(html).toContain(tag)
    }
    expect(html).not.toContain('<b>bright')
    const [data] = structuredData(html)
    expect(data).toMatchObject({
      description: 'A <b>bright</b> flat & a garden. Quiet street.\n\nMore.',
    })
    expect(schemaOrgProblems(data)).toEqual([])
  })

  it('shows a cover that is not one of our stored images by itself, of no known size', async () => {
    const owner = await createUser(test.context)
    const listing = await insertListing(test.context, {
      userRef: owner.id,
      images: ['pictures/elsewhere'],
    })
    const { html } = await page(`/category/rent/${listing.id}`)
    const cover = new URL(
      test.context.media.imageUrl('pictures/elsewhere'),
      'https://homes.example/',
    )
    expect(html).toContain(`<meta property="og:image" content="${cover.toString()}">`)
    expect(html).not.toContain('og:image:width')
    expect(html).toContain(`<meta name="twitter:image:alt" content="Test Listing Flat, photo 1">`)
  })

  it('returns 404 for a listing that does not exist, with no preview card', async () => {
    const { status, html } = await page('/category/rent/no-such-listing')
    expect(status).toBe(404)
    expect(html).toContain('<title>Not found | House Marketplace</title>')
    expect(html).not.toContain('og:')
  })

  it.each([
    ['/', 'Explore', listingsPath({ filter: {}, sort: 'newest', limit: limits.recommendedCount })],
    [
      '/category/rent',
      'Places for rent',
      listingsPath({ filter: { type: 'rent' }, sort: 'newest', limit: limits.pageSize }),
    ],
    [
      '/offers',
      'Offers',
      listingsPath({ filter: { offer: true }, sort: 'newest', limit: limits.pageSize }),
    ],
  ])('preloads the first page of %s, a path the API serves', async (url, title, data) => {
    const { status, html } = await page(url)
    expect(status).toBe(200)
    expect(html).toContain(`<title>${title} | House Marketplace</title>`)
    expect(html).toContain(`<link rel="preload" as="fetch" href="${data.replace(/&/g, '&#38;')}"`)
    expect((await app.request(data)).status).toBe(200)
  })

  it.each(
    Object.entries(screens).flatMap(([name, screen]) =>
      // The moderators' screen and a listing's statistics are theirs alone:
      // moderation.api.test.ts and listing-stats.api.test.ts read them as each role.
      'title' in screen && screen !== screens.moderation && screen !== screens.listingStats
        ? [[name, screen]]
        : [],
    ),
  )('gives the %s screen the title the client gives it', async (_, screen) => {
    const { status, html } = await page(screen.path.replace(/:\w+/g, 'abc'))
    expect(status).toBe(200)
    expect(html).toContain(`<title>${documentTitle(screen.title)}</title>`)
  })

  it('names an unknown category without asking the API about it', async () => {
    const { status, html } = await page('/category/castles')
    expect(status).toBe(200)
    expect(html).toContain('<title>Places for sell | House Marketplace</title>')
    expect(html).not.toContain('as="fetch"')
  })

  it('returns 404 for an unknown route and keeps the manifest to itself', async () => {
    expect((await page('/no/such/page')).status).toBe(404)
    const manifestResponse = await page('/.vite/manifest.json')
    expect(manifestResponse.status).toBe(404)
    expect(manifestResponse.html).not.toContain('isEntry')
  })

  it('describes a listing as a schema.org RealEstateListing', async () => {
    const [data, ...more] = structuredData((await page(`/category/sale/${listingId}`)).html)
    expect(more).toEqual([])
    expect(data).toMatchObject({
      '@type': 'RealEstateListing',
      url: `https://homes.example/category/sale/${listingId}`,
      name: 'Bright Loft in Lyon',
      offers: { price: 250000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      mainEntity: { numberOfBedrooms: 3, numberOfBathroomsTotal: 2 },
    })
    expect(schemaOrgProblems(data)).toEqual([])
  })

  it('keeps a hostile name inert in the JSON-LD', async () => {
    const { html } = await page(`/category/rent/${hostileId}`)
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(structuredData(html)).toEqual([expect.objectContaining({ name: hostileName })])
  })

  it.each([
    ['/', {}, limits.recommendedCount, 'newest'],
    ['/offers', { offer: true }, limits.pageSize, 'newest'],
    ['/category/rent', { type: 'rent' }, limits.pageSize, 'newest'],
    ['/category/sale', { type: 'sale' }, limits.pageSize, 'newest'],
    ['/search?type=sale&sort=price-desc', { type: 'sale' }, limits.pageSize, 'price-desc'],
  ] as const)('lists the first listings of %s as an ItemList', async (url, filter, limit, sort) => {
    const { html } = await page(url)
    const [data, ...more] = structuredData(html)
    expect(more).toEqual([])
    expect(schemaOrgProblems(data)).toEqual([])
    const first = (await readListingPage(test.context, { filter, sort, limit })).value.items
    expect(first.length).toBeGreaterThan(0)
    expect(data!.itemListElement).toEqual(
      first.map((listing, index) =>
        expect.objectContaining({
          position: index + 1,
          url: `https://homes.example/category/${listing.type}/${listing.id}`,
        }),
      ),
    )
  })

  it.each([
    ['/', 'https://homes.example/'],
    ['/offers/', 'https://homes.example/offers'],
    ['/category/rent', 'https://homes.example/category/rent'],
    ['/sign-in', 'https://homes.example/sign-in'],
    ['/search', 'https://homes.example/search'],
    ['/search?utm_source=mail&view=map&type=house', 'https://homes.example/search'],
    [
      '/search?minBedrooms=2&sort=newest&type=sale&utm_source=mail&q=+loft',
      'https://homes.example/search?type=sale&q=loft&minBedrooms=2',
    ],
  ])('gives %s one canonical link, %s', async (url, canonical) => {
    expect(canonicalLinks((await page(url)).html)).toEqual([canonical])
  })

  it('names a listing by its own category in its canonical link, and a missing one not', async () => {
    const { html } = await page(`/category/rent/${listingId}`)
    expect(canonicalLinks(html)).toEqual([`https://homes.example/category/sale/${listingId}`])
    expect(canonicalLinks((await page('/category/rent/no-such-listing')).html)).toEqual([])
  })

  it('keeps forms and the user’s own screens out of search engines', async () => {
    const noindex = '<meta name="robots" content="noindex">'
    for (const url of ['/profile', '/saved', '/sign-in', '/create-listing', '/contact/abc']) {
      expect((await page(url)).html).toContain(noindex)
    }
    for (const [url, title] of [
      ['/messages', 'Messages'],
      ['/messages/abc', 'Conversation'],
      ['/viewings', 'Viewings'],
    ] as const) {
      const head = await page(url)
      expect(head.status).toBe(200)
      expect(head.html).toContain(`<title>${title} | House Marketplace</title>`)
      expect(head.html).toContain(noindex)
    }
    for (const url of ['/', '/offers', '/category/rent', '/search?type=rent']) {
      expect((await page(url)).html).not.toContain(noindex)
    }
  })
})
