// `npm run screenshots`: the pictures in docs/screenshots, remade from the browser tests' own setup
// (the built app with the demo data), so they show what the app shows today. The demo account is
// signed in for the screens that need one.
import path from 'node:path'
import type { Page } from '@playwright/test'
import { listingsFromApi } from '../support/e2e/fixtures'
import { listingsOnMap } from '../support/e2e/search-map'
import { expect, signIn, test } from '../support/e2e/session'

const folder = path.resolve(import.meta.dirname, '../../docs/screenshots')
const demo = { email: 'demo@example.com', password: 'marketplace' }

// A phone as Chromium emulates one: touch, and scroll bars drawn over the page, not beside it.
const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const

/** Waits until the images on screen have loaded, then takes the picture. */
async function picture(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  // Lazy images below the fold never load: only those on screen count.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect()
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  )
  await page.screenshot({ path: path.join(folder, `${name}.png`) })
}

for (const [device, options] of Object.entries(devices)) {
  test.describe(`${device} screenshots`, () => {
    test.use(options)

    test('of the public screens', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
      await picture(page, `explore-${device}`)

      await page.goto('/category/rent')
      await expect(page.getByRole('heading', { name: 'Places for rent', level: 1 })).toBeVisible()
      await picture(page, `category-${device}`)

      const [listing] = await listingsFromApi(page, 'type=rent&limit=1')
      await page.goto(`/category/${listing!.type}/${listing!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(listing!.name)
      await picture(page, `listing-${device}`)
    })

    test('of the search map', async ({ page }) => {
      // A phone shows the list or the map; a desktop both, side by side.
      await page.goto(device === 'phone' ? '/search?view=map' : '/search')
      await expect.poll(() => listingsOnMap(page)).toBeGreaterThan(0)
      await picture(page, `search-map-${device}`)
    })

    test('of the signed-in screens', async ({ page, context, seededApp }) => {
      await signIn(seededApp, context, demo)
      await page.goto('/profile')
      await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
      await picture(page, `profile-${device}`)

      await page.goto('/create-listing')
      await expect(page.getByRole('heading', { name: 'Create a Listing' })).toBeVisible()
      await picture(page, `form-${device}`)
    })
  })
}
