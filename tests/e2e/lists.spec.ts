import { formatPrice } from '../../src/shared/format'
import { effectivePrice } from '../../src/shared/listing'
import {
  allowConsoleErrors,
  emptyServer,
  expect,
  failListingRequests,
  listingsFromApi,
  test,
} from '../support/e2e/fixtures'

test.describe('Offers and Category lists', () => {
  test('Offers lists listings on offer, ten at a time, with Load More', async ({ page }) => {
    const offers = await listingsFromApi(page, 'offer=true&limit=50')
    expect(offers.length).toBeGreaterThan(10)
    await page.goto('/offers')
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible()
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards).toHaveCount(10)

    const first = offers[0]!
    const card = page.getByRole('link', { name: new RegExp(first.name) }).first()
    await expect(card).toHaveAttribute('href', `/category/${first.type}/${first.id}`)
    await expect(card).toContainText(`$${formatPrice(effectivePrice(first))}`)
    await expect(card).toContainText(first.location)

    const loadMore = page.getByRole('button', { name: 'Load More' })
    for (let shown = 10; shown < offers.length; shown += 10) {
      await loadMore.click()
      await expect(cards).toHaveCount(Math.min(shown + 10, offers.length))
    }
    // The spec's states: the cursor is kept after every fetch, so Load More stays until a fetch brings nothing.
    await loadMore.click()
    await expect(loadMore).toHaveCount(0)
    await expect(cards).toHaveCount(offers.length)
    const names = await cards
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(names).toEqual(offers.map((listing) => `/category/${listing.type}/${listing.id}`))
  })

  test('a card shows the bedroom and bathroom counts with the right plural', async ({ page }) => {
    const [first] = await listingsFromApi(page, 'type=sale&limit=1')
    await page.goto('/category/sale')
    const card = page.getByRole('link', { name: new RegExp(first!.name) }).first()
    await expect(card).toContainText(
      first!.bedrooms > 1 ? `${first!.bedrooms} Bedrooms` : '1 Bedroom',
    )
    await expect(card).toContainText(
      first!.bathrooms > 1 ? `${first!.bathrooms} Bathrooms` : '1 Bathroom',
    )
  })

  test("/category/rent is headed 'Places for rent' and lists only rentals", async ({ page }) => {
    const rentals = await listingsFromApi(page, 'type=rent&limit=10')
    await page.goto('/category/rent')
    await expect(page.getByRole('heading', { name: 'Places for rent', level: 1 })).toBeVisible()
    const hrefs = () =>
      page
        .getByRole('main')
        .getByRole('listitem')
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    // The cards arrive after the heading: wait for them, then compare.
    await expect.poll(hrefs).toEqual(rentals.map((listing) => `/category/rent/${listing.id}`))
    await expect(page.getByRole('main')).toContainText('/ Month')
  })

  test('changing the category refetches', async ({ page }) => {
    const [sale] = await listingsFromApi(page, 'type=sale&limit=1')
    await page.goto('/category/rent')
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
    await page.goto('/')
    await page.getByRole('link', { name: 'Places for sell' }).click()
    await expect(page.getByRole('heading', { name: 'Places for sell', level: 1 })).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(sale!.name)
  })

  test('an unknown category is headed Places for sell and has no listings, without an error', async ({
    page,
  }) => {
    await page.goto('/category/castles')
    await expect(page.getByRole('heading', { name: 'Places for sell', level: 1 })).toBeVisible()
    await expect(page.getByText('No listings for castles')).toBeVisible()
    await expect(page.getByText('Could not fetch listings')).toHaveCount(0)
  })

  test('empty lists say so', async ({ page }) => {
    await page.goto(emptyServer + '/offers')
    await expect(page.getByText('There are no current offers')).toBeVisible()
    await page.goto(emptyServer + '/category/rent')
    await expect(page.getByText('No listings for rent')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0)
  })

  test("a failed read says 'Could not fetch listings'", async ({ page }) => {
    // Reached from another screen: a page rendered on the server holds its listings and reads none.
    await page.goto('/')
    await failListingRequests(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Offers' })
      .click()
    await expect(page.getByText('Could not fetch listings')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    allowConsoleErrors(page, /ERR_FAILED|ERR_CONNECTION|Failed to load resource/)
  })

  test("a failed 'Load More' keeps the cards on screen and says 'Could not fetch listings'", async ({
    page,
  }) => {
    await page.goto('/offers')
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards).toHaveCount(10)
    // Only the next page fails, as a dropped connection would.
    await page.route('**/api/listings?*cursor=*', (route) => route.abort('connectionfailed'))
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect(page.getByText('Could not fetch listings')).toBeVisible()
    await expect(cards).toHaveCount(10)
    await expect(page.getByRole('button', { name: 'Load More' })).toBeEnabled()
    allowConsoleErrors(page, /ERR_FAILED|ERR_CONNECTION|Failed to load resource/)
  })

  test('card images below the first few load lazily, with a size set', async ({ page }) => {
    await page.goto('/category/rent')
    // Decorative (alt=""): the card's link already names the listing.
    const images = page.locator('main li img')
    await expect(images.first()).toBeVisible()
    await expect(images.first()).toHaveAttribute('loading', 'eager')
    await expect(images.nth(5)).toHaveAttribute('loading', 'lazy')
    await expect(images.nth(5)).toHaveAttribute('srcset', /w400\.webp 400w, .*w1200\.webp 1200w/)
    await expect(images.nth(5)).toHaveAttribute('width', '400')
    await expect(images.nth(5)).toHaveAttribute('height', '300')
  })
})
