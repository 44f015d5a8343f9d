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
import { holdScreenScript } from '../support/e2e/held-screen'

test.describe('Explore', () => {
  test('shows the five newest listings, one slide at a time, with bullets to choose one', async ({
    page,
  }) => {
    const newest = await listingsFromApi(page, 'limit=5')
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Recommended' })).toBeVisible()

    const carousel = page.getByRole('region', { name: 'Recommended' })
    const slides = carousel.getByRole('group', { includeHidden: true })
    await expect(slides).toHaveCount(5)
    const bullets = carousel.getByRole('button', { name: /Go to slide/ })
    await expect(bullets).toHaveCount(5)

    const first = newest[0]!
    const firstLink = carousel.getByRole('link', { name: new RegExp(first.name) })
    await expect(firstLink).toBeInViewport()
    const price = `$${formatPrice(effectivePrice(first))}${first.type === 'rent' ? ' / month' : ''}`
    await expect(firstLink).toContainText(price)

    await bullets.nth(2).click()
    await expect(bullets.nth(2)).toHaveAttribute('aria-current', 'true')
    const third = carousel.getByRole('link', { name: new RegExp(newest[2]!.name) })
    await expect(third).toBeInViewport({ ratio: 0.9 })

    await third.click()
    await expect(page).toHaveURL(`/category/${newest[2]!.type}/${newest[2]!.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newest[2]!.name)
  })

  test('the carousel works from the keyboard', async ({ page }) => {
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Recommended' })
    const bullets = carousel.getByRole('button', { name: /Go to slide/ })
    await bullets.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect(bullets.nth(1)).toHaveAttribute('aria-current', 'true')
    await page.keyboard.press('ArrowLeft')
    await expect(bullets.nth(0)).toHaveAttribute('aria-current', 'true')
  })

  test('keyboard focus on a slide moves with it to the next one', async ({ page }) => {
    const newest = await listingsFromApi(page, 'limit=5')
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Recommended' })
    await carousel.getByRole('link', { name: new RegExp(newest[0]!.name) }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(carousel.getByRole('link', { name: new RegExp(newest[1]!.name) })).toBeFocused()
    await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  test('a sideways swipe stops on the next slide and selects its bullet', async ({ page }) => {
    const newest = await listingsFromApi(page, 'limit=5')
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Recommended' })
    await carousel.getByRole('link', { name: new RegExp(newest[0]!.name) }).hover()
    // More than half of the 380-pixel slide: the strip snaps on to the next one.
    await page.mouse.wheel(300, 0)
    await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(carousel.getByRole('link', { name: new RegExp(newest[1]!.name) })).toBeInViewport({
      ratio: 0.99,
    })
  })

  test('slides glide, and jump when the visitor asks for reduced motion', async ({ page }) => {
    await page.goto('/')
    const strip = page
      .getByRole('region', { name: 'Recommended' })
      .getByRole('group', { includeHidden: true })
      .first()
      .locator('..')
    await expect(strip).toHaveCSS('scroll-behavior', 'smooth')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect(strip).toHaveCSS('scroll-behavior', 'auto')
  })

  test('a search typed before the page went live is kept and searched', async ({ page }) => {
    const releaseScreen = await holdScreenScript(page, 'Explore')
    await page.goto('/', { waitUntil: 'commit' })
    const box = page.getByRole('combobox', { name: 'Search homes' })
    await box.fill('Paris')
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated')

    releaseScreen()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '')
    // Focusing the box renders it again, from what the box holds.
    await box.focus()
    await expect(box).toHaveValue('Paris')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=Paris$/)
  })

  test('links to both categories', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible()
    await page.getByRole('link', { name: 'Places for rent' }).click()
    await expect(page).toHaveURL('/category/rent')
    await page.goBack()
    await page.getByRole('link', { name: 'Places for sell' }).click()
    await expect(page).toHaveURL('/category/sale')
  })

  test('with no listings shows no carousel, and still the categories', async ({ page }) => {
    await page.goto(emptyServer + '/')
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible()
    await expect(page.getByRole('status')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Recommended' })).toHaveCount(0)
  })

  test("a failed read says 'Could not fetch listings' and stops the spinner", async ({ page }) => {
    // Reached from another screen: a page rendered on the server holds its listings and reads none.
    await page.goto('/offers')
    await failListingRequests(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Explore' })
      .click()
    await expect(page.getByText('Could not fetch listings')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Places for rent' })).toBeVisible()
    allowConsoleErrors(page, /ERR_FAILED|ERR_CONNECTION|Failed to load resource/)
  })

  test('loads no map code', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Recommended' })).toBeVisible()
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((url) => /ListingMap|leaflet/i.test(url))).toEqual([])
  })
})
