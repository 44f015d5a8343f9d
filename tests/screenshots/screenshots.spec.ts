// `npm run screenshots`: the pictures in docs/screenshots, remade from the browser tests' own setup
// (the built app with the demo data), so they show what the app shows today. The demo account is
// signed in for the screens that need one.
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { addDays, utcDay } from '../../src/shared/calendar-date'
import { listingStatsPath } from '../../src/shared/listing-stats'
import { contactPath, listingPagePath } from '../../src/shared/screens'
import { listingsFromApi } from '../support/e2e/fixtures'
import { listingsOnMap } from '../support/e2e/search-map'
import { moderatorAccount } from '../support/e2e/moderator'
import { expect, signIn, test } from '../support/e2e/session'

const folder = path.resolve(import.meta.dirname, '../../docs/screenshots')
const demo = { email: 'demo@example.com', password: 'marketplace' }

// A phone as Chromium emulates one: touch, and scroll bars rendered over the page, not beside it.
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

      await page.goto(contactPath(listing!.userRef, listing!.name, listing!.id))
      await expect(page.getByRole('link', { name: 'Send Message' })).toBeVisible()
      await picture(page, `contact-${device}`)
    })

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false })

      test('of the contact page', async ({ page }) => {
        const [listing] = await listingsFromApi(page, 'type=rent&limit=1')
        await page.goto(contactPath(listing!.userRef, listing!.name, listing!.id))
        await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible()
        await picture(page, `contact-no-script-${device}`)
      })
    })

    test('of a sold listing', async ({ page, newUser, listingOf, seededApp }) => {
      // A demo listing's photo, on a listing of a user made for the picture and sold.
      const [demo] = await listingsFromApi(page, 'type=sale&offer=true&limit=1')
      const photo = await (await page.request.get(demo!.imageUrls[0]!)).body()
      const owner = await newUser(`sold-${device}`, 'Sold Owner')
      const listing = await listingOf(owner, {
        type: 'sale',
        name: 'Family Home by the Park',
        offer: true,
        regularPrice: 500_000,
        discountedPrice: 449_000,
        images: [
          {
            name: 'cover.jpg',
            mimeType: 'image/jpeg',
            buffer: await sharp(photo).jpeg().toBuffer(),
          },
        ],
      })
      await seededApp.writes.changeStatus(listing.id, owner.id, 'sold')
      await page.goto(listingPagePath(listing))
      await expect(page.getByText('Last asked', { exact: true })).toBeVisible()
      await picture(page, `listing-sold-${device}`)
    })

    test('of the search map', async ({ page }) => {
      // A phone shows the list or the map; a desktop both, side by side.
      await page.goto(device === 'phone' ? '/search?view=map' : '/search')
      await expect.poll(() => listingsOnMap(page)).toBeGreaterThan(0)
      // On a desktop, scrolled to the results: the map then stands beside the list, window-tall.
      if (device === 'desktop') {
        await page.getByRole('region', { name: 'Results', exact: true }).scrollIntoViewIfNeeded()
        await page.evaluate(() => scrollBy(0, 440))
      }
      await picture(page, `search-map-${device}`)
    })

    test('of a place suggested as the visitor types', async ({ page }) => {
      await page.goto('/search')
      await page.getByRole('combobox', { name: 'Search homes' }).pressSequentially('lon')
      const places = page.getByRole('listbox', { name: 'Places' })
      // The status says the count once the list is that of the letters typed.
      await expect(page.getByRole('status').filter({ hasText: /found$/ })).toBeVisible()
      await page.getByRole('combobox', { name: 'Search homes' }).press('ArrowDown')
      await expect(places.getByRole('option', { selected: true })).toBeVisible()
      await picture(page, `search-place-${device}`)
    })

    test("of the moderators' screen", async ({ page, context, newUser, listingOf, seededApp }) => {
      // A listing of a user made for the picture, with a demo photo, reported by two people.
      const [demo] = await listingsFromApi(page, 'type=rent&limit=1')
      const photo = await (await page.request.get(demo!.imageUrls[0]!)).body()
      const owner = await newUser(`reported-${device}`, 'Rita Renter')
      const listing = await listingOf(owner, {
        type: 'rent',
        name: 'Flat near the Station',
        regularPrice: 900,
        images: [
          {
            name: 'cover.jpg',
            mimeType: 'image/jpeg',
            buffer: await sharp(photo).jpeg().toBuffer(),
          },
        ],
      })
      const { listingReports } = seededApp.moderation
      for (const [label, reason, details] of [
        ['scam', 'scam', 'Asks for the deposit by wire before any visit.'],
        ['wrong', 'wrong-information', 'The photos are of another street.'],
      ] as const) {
        const reporter = await newUser(`${label}-${device}`, 'Reporter')
        await listingReports.add({
          listingId: listing.id,
          reporterId: reporter.id,
          reason,
          details,
        })
      }
      await signIn(seededApp, context, await moderatorAccount(seededApp))
      await page.goto('/moderation')
      await expect(page.getByRole('heading', { name: 'Flat near the Station' })).toBeVisible()
      await picture(page, `moderation-${device}`)
    })

    test('of the listing stats screen', async ({
      page,
      context,
      newUser,
      listingOf,
      seededApp,
    }) => {
      // A listing of a user made for the picture, with a month of figures, beside three similar
      // homes nearby (the same address, type and price) with their own.
      const owner = await newUser(`stats-${device}`, 'Sam Statistics')
      const listing = await listingOf(owner, { type: 'rent', name: 'Bright Flat near the Louvre' })
      const similar = []
      for (const index of [1, 2, 3]) {
        const neighbour = await newUser(`stats-${device}-${index}`, 'Neighbour')
        similar.push(
          await listingOf(neighbour, { type: 'rent', name: `Flat on the Rivoli ${index}` }),
        )
      }
      const today = utcDay(Date.now())
      const days = Array.from({ length: 30 }, (_, index) => addDays(today, index - 29))
      // Figures that rise and fall with the week, and grow after the first fortnight.
      const figures = (listingId: string, scale: number) =>
        days.map((day, index) => {
          const views = Math.round(
            scale * (6 + (index % 7 === 5 ? 9 : (index * 7) % 5) + index / 3),
          )
          return {
            listingId,
            day,
            views,
            saves: Math.floor(views / 7),
            conversations: index % 6 === 2 ? 1 : 0,
            bookings: index % 9 === 4 ? 1 : 0,
            alertHits: index % 4 === 0 ? 3 : 0,
          }
        })
      const rows = [
        ...figures(listing.id, 1),
        ...similar.flatMap((home, index) => figures(home.id, 1.2 + index * 0.3)),
      ]
      await seededApp.db.kysely.insertInto('listing_stat').values(rows).execute()
      await signIn(seededApp, context, owner)
      await page.goto(listingStatsPath(listing.id))
      await expect(page.getByRole('heading', { name: 'The last 30 days' })).toBeVisible()
      await expect(page.getByText(/^Compared with \d+ similar homes within 5 km$/)).toBeVisible()
      // A phone with the chart in the middle: the hint above it, the table's start below.
      if (device === 'phone') {
        await page
          .getByRole('img', { name: /^Views and actions per day/ })
          .evaluate((chart) => chart.scrollIntoView({ block: 'center' }))
      }
      await picture(page, `listing-stats-${device}`)
    })

    test('of the signed-in screens', async ({ page, context, seededApp }) => {
      await signIn(seededApp, context, demo)
      await page.goto('/profile')
      await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
      await picture(page, `profile-${device}`)

      await page.goto('/create-listing')
      await expect(page.getByRole('heading', { name: 'Create a Listing' })).toBeVisible()
      await picture(page, `form-${device}`)

      // The pin step: the checked address on its map, scrolled to the middle of the screen.
      await page.getByLabel('Address', { exact: true }).fill('12 Rue de Rivoli, Paris, France')
      await page.getByRole('button', { name: 'Check address' }).click()
      const picker = page.getByRole('region', { name: 'Pin on the map' })
      await expect(picker.getByRole('button', { name: /^Listing pin/ })).toBeVisible()
      await picker.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await picture(page, `form-pin-${device}`)
    })
  })
}
