import { formatPrice } from '../../src/shared/format'
import { effectivePrice } from '../../src/shared/listing'
import { allowConsoleErrors, expect, listingsFromApi, test } from '../support/e2e/fixtures'

test.describe('Listing detail', () => {
  test('shows photos, price, type, discount, rooms and the map', async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'offer=true&limit=1')
    await page.goto(`/category/${listing!.type}/${listing!.id}`)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${listing!.name} - $${formatPrice(effectivePrice(listing!))}`,
    )
    await expect(page.getByText(listing!.location, { exact: true }).first()).toBeVisible()
    await expect(page.getByText(listing!.type === 'rent' ? 'For Rent' : 'For Sale')).toBeVisible()
    await expect(
      page.getByText(`$${formatPrice(listing!.regularPrice - listing!.discountedPrice!)} discount`),
    ).toBeVisible()
    await expect(
      page.getByText(listing!.bedrooms > 1 ? `${listing!.bedrooms} Bedrooms` : '1 Bedroom'),
    ).toBeVisible()

    const photos = page.getByRole('region', { name: 'Photos' })
    await expect(photos.getByRole('group', { includeHidden: true })).toHaveCount(
      listing!.imageUrls.length,
    )
    await photos.getByRole('button', { name: 'Go to slide 2' }).click()
    await expect(photos.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )

    await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible()
    // The map starts when it is scrolled near, as a visitor would.
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded()
    const map = page.locator('.leaflet-container')
    await expect(map).toBeVisible()
    await expect(map.locator('.leaflet-tile-loaded').first()).toBeAttached()
    // Zoom 13 is in the tile URLs; scroll-wheel zoom is off.
    await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute(
      'src',
      /\/e2e-tiles\/13\//,
    )
    await map.hover()
    await page.mouse.wheel(0, -500)
    await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute(
      'src',
      /\/e2e-tiles\/13\//,
    )
    await map.getByRole('button', { name: listing!.location }).click()
    await expect(map.locator('.leaflet-popup-content')).toHaveText(listing!.location)
  })

  test('a listing without an offer has no discount line, and singular rooms read "1 Bedroom"', async ({
    page,
  }) => {
    const listings = await listingsFromApi(page, 'offer=false&limit=50')
    const single = listings.find((listing) => listing.bedrooms === 1) ?? listings[0]!
    await page.goto(`/category/${single.type}/${single.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${single.name} - $${formatPrice(single.regularPrice)}`,
    )
    await expect(page.getByText(/discount$/)).toHaveCount(0)
    if (single.bedrooms === 1)
      await expect(page.getByText('1 Bedroom', { exact: true })).toBeVisible()
  })

  test("the share button copies the address and says 'Link Copied!' for 2 seconds", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const [listing] = await listingsFromApi(page, 'limit=1')
    await page.goto(`/category/${listing!.type}/${listing!.id}`)
    await page.getByRole('button', { name: 'Share' }).click()
    await expect(page.getByText('Link Copied!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
    await expect(page.getByText('Link Copied!')).toBeHidden({ timeout: 3000 })
  })

  test("'Contact Landloard' links to the landlord with the listing name encoded, and its id", async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'limit=1')
    await page.goto(`/category/${listing!.type}/${listing!.id}`)
    const contact = page.getByRole('link', { name: 'Contact Landloard' })
    const query = new URLSearchParams({ listingName: listing!.name, listingId: listing!.id })
    await expect(contact).toHaveAttribute('href', `/contact/${listing!.userRef}?${query}`)
    await contact.click()
    await expect(page.getByRole('heading', { name: 'Contact Landlord' })).toBeVisible()
  })

  test("the first photo has the srcset and sizes of the image the page's head preloads", async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'limit=1')
    await page.goto(`/category/${listing!.type}/${listing!.id}`)

    // Only then does the browser pick the same variant for both and download it once.
    const preload = page.locator('head link[rel="preload"][as="image"]')
    const photo = page.getByRole('region', { name: 'Photos' }).getByRole('img').first()
    await expect(photo).toHaveAttribute('sizes', (await preload.getAttribute('imagesizes'))!)
    await expect(photo).toHaveAttribute('srcset', (await preload.getAttribute('imagesrcset'))!)
  })

  test.describe('on a 1440 × 900 desktop', () => {
    test.use({ viewport: { width: 1440, height: 900 } })

    test("'Contact Landloard' is above the fold, in the right-hand column, and stays in view", async ({
      page,
    }) => {
      const [listing] = await listingsFromApi(page, 'offer=true&limit=1')
      await page.goto(`/category/${listing!.type}/${listing!.id}`)

      const photos = page.getByRole('region', { name: 'Photos' })
      const contact = page.getByRole('link', { name: 'Contact Landloard' })
      await expect(contact).toBeVisible()
      const photosBox = (await photos.boundingBox())!
      const contactBox = (await contact.boundingBox())!
      expect(contactBox.y + contactBox.height).toBeLessThanOrEqual(900)
      expect(contactBox.x).toBeGreaterThanOrEqual(photosBox.x + photosBox.width)
      // The price, type and discount are beside the photos too.
      for (const text of [
        `$${formatPrice(effectivePrice(listing!))}`,
        listing!.type === 'rent' ? 'For Rent' : 'For Sale',
        `$${formatPrice(listing!.regularPrice - listing!.discountedPrice!)} discount`,
      ]) {
        const box = (await page.getByText(text, { exact: true }).boundingBox())!
        expect(box.x, text).toBeGreaterThanOrEqual(photosBox.x + photosBox.width)
        expect(box.y + box.height, text).toBeLessThanOrEqual(900)
      }

      // Scrolled down to the map, past where the button was: it has stayed in view.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(contactBox.y)
      await expect(page.getByRole('heading', { name: 'Location' })).toBeInViewport()
      await expect(contact).toBeInViewport({ ratio: 1 })
    })
  })

  test('an unknown listing id shows not found instead of spinning', async ({ page }) => {
    await page.goto('/category/rent/doesNotExist123')
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
    await expect(page.getByText('We could not find this listing.', { exact: false })).toBeVisible()
    allowConsoleErrors(page, /404/)
  })
})
