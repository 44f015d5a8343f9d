// The listing and list screens come rendered by the server: read without scripts they show the homes
// and every link leads on; with scripts the browser takes the rendered page over as it stands
// (nothing rendered again, nothing read again) and then works as before.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import { effectivePrice, type ListingPage } from '../../src/shared/listing'
import { contactPath, listingPagePath } from '../../src/shared/screens'
import {
  allListingsFromApi,
  allowConsoleErrors,
  expect,
  listingsFromApi,
  test,
} from '../support/e2e/fixtures'

/** Keeps the page's first <h1> and a card link as the server drew them, before any script ran. */
async function keepRenderedNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const kept = window as unknown as { rendered: Element[] }
      // 'Load More' is rendered as a link for a reader without scripts, and becomes a button.
      kept.rendered = [...document.querySelectorAll('#root h1, #root main a:not(.load-more)')]
    })
  })
}

/** Whether every node kept by `keepRenderedNodes` is still in the page: hydrated, not rendered anew. */
const renderedNodesKept = (page: Page) =>
  page.evaluate(() => {
    const { rendered } = window as unknown as { rendered?: Element[] }
    return (
      rendered !== undefined && rendered.length > 0 && rendered.every((node) => node.isConnected)
    )
  })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a listing shows its name, price, facts, place, photos and the contact link', async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'type=rent&limit=1')
    await page.goto(listingPagePath(listing!))

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${listing!.name} - $${formatPrice(effectivePrice(listing!))}`,
    )
    await expect(page.getByText('/ Month').first()).toBeVisible()
    await expect(page.getByText(listing!.location, { exact: true }).first()).toBeVisible()
    await expect(
      page.getByText(listing!.bedrooms > 1 ? `${listing!.bedrooms} Bedrooms` : '1 Bedroom'),
    ).toBeVisible()
    const cover = page.getByRole('img', { name: `${listing!.name}, photo 1` }).first()
    await expect(cover).toBeVisible()
    await expect(cover).toHaveAttribute('srcset', /400w/)
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

    const contact = page.getByRole('link', { name: 'Contact Landloard' })
    await expect(contact).toBeVisible()
    await contact.click()
    await expect(page).toHaveURL(/\/contact\//)
  })

  test('a list shows its homes, and a card leads to the listing', async ({ page }) => {
    const [newest] = await listingsFromApi(page, 'type=sale&limit=1')
    await page.goto('/category/sale')
    await expect(page.getByRole('heading', { level: 1, name: 'Places for sell' })).toBeVisible()
    const card = page.locator(`a[href="${listingPagePath(newest!)}"]`).first()
    await expect(card).toBeVisible()
    await card.click()
    await expect(page).toHaveURL(listingPagePath(newest!))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newest!.name)
  })

  test('Offers and Explore show homes', async ({ page }) => {
    const [offer] = await listingsFromApi(page, 'offer=true&limit=1')
    await page.goto('/offers')
    await expect(page.getByText(offer!.name).first()).toBeVisible()
    const [newest] = await listingsFromApi(page, 'limit=1')
    await page.goto('/')
    await expect(page.getByText(newest!.name).first()).toBeVisible()
  })

  test('the contact page names the landlord and the listing, and its form composes the mail', async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'type=rent&limit=1')
    const landlord = await (await page.request.get(`/api/users/${listing!.userRef}`)).json()
    await page.goto(listingPagePath(listing!))
    await page.getByRole('link', { name: 'Contact Landloard' }).click()

    await expect(page.getByRole('heading', { name: 'Contact Landlord' })).toBeVisible()
    await expect(page.getByText(`Contact ${landlord.name}`)).toBeVisible()
    const about = page.getByRole('link', { name: listing!.name })
    await expect(about).toHaveAttribute('href', listingPagePath(listing!))
    const photo = about.locator('img')
    await expect(photo).toBeVisible()
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

    // The browser writes the form's fields into the mailto: link it opens.
    await page.getByLabel('Message').fill('Is it still free?')
    const form = page.locator('form').filter({ has: page.getByLabel('Message') })
    await expect(form).toHaveAttribute('action', `mailto:${landlord.email}`)
    await expect(form).toHaveAttribute('method', 'get')
    await expect(form.locator('input[name=subject]')).toHaveValue(listing!.name)
    await expect(page.getByLabel('Message')).toHaveAttribute('name', 'body')
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveAttribute(
      'type',
      'submit',
    )
  })

  test('sign in, sign up and forgot password show their forms and say scripts are needed', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/sign-in', 'Welcome Back!'],
      ['/sign-up', 'Welcome!'],
      ['/forgot-password', 'Forgot Password'],
    ]) {
      await page.goto(path!)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByLabel('Email')).toBeVisible()
      // Playwright's text and role locators skip <noscript>; a browser without scripts shows it.
      await expect(page.locator('noscript p')).toHaveText(
        'This form needs JavaScript: turn it on to continue.',
      )
      await expect(page.locator('noscript p')).toBeVisible()
      // Sent without scripts, the form would put what was typed in the address.
      await expect(page.locator('form button[type=submit]')).toBeDisabled()
    }
    await page.goto('/sign-in')
    await expect(page.getByRole('link', { name: 'Sign Up Instead' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible()
  })

  test("'Load More' leads page by page to every home of a list", async ({ page }) => {
    const expected = (await allListingsFromApi(page)).filter((listing) => listing.type === 'rent')
    const seen: string[] = []
    await page.goto('/category/rent')
    for (;;) {
      await expect(page.getByRole('heading', { level: 1, name: 'Places for rent' })).toBeVisible()
      const links = await page
        .locator('main li a[href^="/category/rent/"]')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))
      seen.push(...links)
      const loadMore = page.getByRole('link', { name: 'Load More' })
      if ((await loadMore.count()) === 0) break
      await loadMore.click()
      await expect(page).toHaveURL(/[?&]cursor=/)
    }
    expect(seen).toEqual(expected.map((listing) => listingPagePath(listing)))
  })

  test("a search's 'Load More' leads on too, before and after the server renders it", async ({
    page,
  }) => {
    const expected = (await allListingsFromApi(page)).filter((listing) => listing.type === 'sale')
    for (const round of ['first request', 'already rendered']) {
      const seen: string[] = []
      let pages = 0
      await page.goto('/search?type=sale')
      for (;;) {
        pages += 1
        const links = await page
          .locator('a[href^="/category/sale/"]')
          .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))
        seen.push(...links)
        // A CSS locator: the first request's results are in a <noscript>, which Playwright's
        // role locators skip.
        const loadMore = page.locator('a.load-more')
        if ((await loadMore.count()) === 0) break
        await loadMore.click()
      }
      // The cursor is kept after every page that brought homes: the last one is empty.
      expect(pages, round).toBeGreaterThan(1)
      expect(new Set(seen), round).toEqual(
        new Set(expected.map((listing) => listingPagePath(listing))),
      )
    }
  })

  test("a cursor that is not the list's own gets a 400 page that leads to the first page", async ({
    page,
  }) => {
    // The browser reports the page's status in the console.
    allowConsoleErrors(page, /400/)
    const response = await page.goto('/offers?cursor=not-a-cursor')
    expect(response?.status()).toBe(400)
    await expect(
      page.getByRole('heading', { name: 'This page of the list is not there' }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Go to the first page' }).click()
    await expect(page).toHaveURL(/\/offers$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
  })
})

test.describe('with JavaScript', () => {
  test('a listing is hydrated as rendered, and its data is not read again', async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'type=sale&limit=1')
    const reads: string[] = []
    page.on('request', (request) => {
      const url = request.url()
      // Its viewing times are each visitor's own (their bookings): read once live, never server-rendered.
      if (url.includes('/api/listings') && !url.endsWith('/viewing-slots')) reads.push(url)
    })
    await keepRenderedNodes(page)
    await page.goto(listingPagePath(listing!))

    // Once the session check responds, a visitor's heart can be pressed: the page is live.
    await expect(page.getByRole('button', { name: /^Save / })).toBeEnabled()
    expect(await renderedNodesKept(page)).toBe(true)
    expect(reads).toEqual([])
  })

  test('a list is hydrated as rendered, its hearts live, and Load More goes on', async ({
    page,
  }) => {
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/listings')) reads.push(new URL(request.url()).search)
    })
    await keepRenderedNodes(page)
    await page.goto('/category/rent')
    const hearts = page.getByRole('button', { name: /^Save / })
    await expect(hearts.first()).toBeEnabled()
    // Every heart, the last card's too: each part of the page took the session's response.
    await expect(hearts.last()).toBeEnabled()
    expect(await renderedNodesKept(page)).toBe(true)
    expect(reads).toEqual([])

    const cards = page.locator('main li')
    const shownBefore = await cards.count()
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect.poll(() => cards.count()).toBeGreaterThan(shownBefore)
    expect(reads).toHaveLength(1)
    expect(reads[0]).toContain('cursor=')
    // Appended in place: the address stays the list's.
    await expect(page).toHaveURL(/\/category\/rent$/)
  })

  test('a later page of a list, opened from its address, goes on appending', async ({ page }) => {
    // Every home, newest first: the demo data has more than two pages of them.
    const firstPage = await (await page.request.get('/api/listings?limit=10')).json()
    const { nextCursor } = firstPage as ListingPage
    await page.goto(`/search?${new URLSearchParams({ cursor: nextCursor! })}`)
    const cards = page.locator('main li:has(a[href^="/category/"])')
    // The rendered link becomes the button once the page is live.
    const loadMore = page.getByRole('button', { name: 'Load More' })
    await expect(loadMore).toBeEnabled()
    const shownBefore = await cards.count()
    await loadMore.click()
    await expect.poll(() => cards.count()).toBeGreaterThan(shownBefore)
    await expect(page).toHaveURL(/cursor=/)
  })

  test('the contact page shows the listing it is about, rendered and then live', async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'type=sale&limit=1')
    await keepRenderedNodes(page)
    await page.goto(contactPath(listing!.userRef, listing!.name, listing!.id))
    await expect(page.getByRole('link', { name: listing!.name })).toBeVisible()
    // Live: the spec's mailto link, with what is typed.
    await page.getByLabel('Message').fill('Hello')
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      /body=Hello$/,
    )
    expect(await renderedNodesKept(page)).toBe(true)
  })
})
