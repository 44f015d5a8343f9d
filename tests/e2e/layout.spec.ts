// The layout of each width (phones below 640px, tablets from 640px, desktops from 1024px): the
// header (a top bar on phones), the skip link, the spec's bottom bar everywhere and hiding
// nothing, the card grid, photo-first cards of one size whatever the photo, skeletons that the
// cards replace without a jump, empty states with a next step, long names that wrap, prices that
// do not, and the profile's name check and saved searches.
//
// Some journeys add listings, so this file runs with the ones that write (playwright.config.ts).
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { formatPrice } from '../../src/shared/format'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors, emptyServer, listingsFromApi } from '../support/e2e/fixtures'
import { expect, signIn, test } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const tablet = { width: 800, height: 1000 }
const desktop = { width: 1440, height: 900 }

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const cards = (page: Page) => page.getByRole('main').getByRole('listitem')

/**
 * The spec's bottom bar is on screen in full, with its three entries: at once on phones and
 * tablets, at the page's end on desktops (decision 025).
 */
async function expectBottomBarOnScreen(page: Page) {
  const nav = bottomNav(page)
  await nav.scrollIntoViewIfNeeded()
  for (const entry of ['Explore', 'Offers', 'Profile']) {
    await expect(nav.getByRole('link', { name: entry })).toBeInViewport({ ratio: 1 })
  }
  const box = (await nav.boundingBox())!
  const viewport = page.viewportSize()!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    // The window less any vertical scroll bar the browser renders.
    clientWidth: Math.min(document.documentElement.clientWidth, window.innerWidth),
  }))
  expect(
    scrollWidth,
    `the page is ${scrollWidth}px wide in a window ${clientWidth}px wide`,
  ).toBeLessThanOrEqual(clientWidth)
}

test.describe('the header', () => {
  test('is a top bar on phones, and the full header on desktops', async ({ page }) => {
    await page.setViewportSize(phone)
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
    // Phones: the name and a search button; the spec's bottom bar keeps the three entries.
    const header = page.getByRole('banner')
    await expect(header).toBeInViewport()
    await expect(header.getByRole('link', { name: 'House Marketplace' })).toHaveAttribute(
      'href',
      '/',
    )
    await expect(header.getByRole('link', { name: 'Search homes' })).toHaveAttribute(
      'href',
      '/search',
    )
    await expect(page.getByRole('navigation', { name: 'Site' })).toHaveCount(0)
    await expectBottomBarOnScreen(page)
    await expect(bottomNav(page).getByRole('link')).toHaveText(['Explore', 'Offers', 'Profile'])
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('top-bar-phone.png') })
    await header.getByRole('link', { name: 'Search homes' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await page.goto('/')

    // Turning a tablet or widening the window brings the full header in.
    await page.setViewportSize(desktop)
    await expect(header.getByRole('link', { name: 'Search homes' })).toBeHidden()
    const site = page.getByRole('navigation', { name: 'Site' })
    await expect(site.getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(site.getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers')
    await expect(site.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search')
    await expect(site.getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved')
    await expect(site.getByRole('link', { name: 'Sell or rent your home' })).toHaveAttribute(
      'href',
      '/create-listing',
    )
    await expect(site.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in')
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('header-desktop.png') })
    // The spec's bottom bar stays on desktops too, as a compact bar at the end of the page.
    await expectBottomBarOnScreen(page)
    expect((await bottomNav(page).boundingBox())!.height).toBeLessThan(85)

    await site.getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/search$/)
    await expect(site.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page')
    await site.getByRole('link', { name: 'Offers' }).click()
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible()
    await expect(site.getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page')
    await expect(bottomNav(page).getByRole('link', { name: 'Offers' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  test("shows the signed-in user's name, leading to My Profile", async ({ page, account }) => {
    await page.setViewportSize(desktop)
    await page.goto('/')
    const site = page.getByRole('navigation', { name: 'Site' })
    await expect(site.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
    await site.getByRole('link', { name: account.name }).click()
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible()
    await expect(site.getByRole('link', { name: account.name })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})

test.describe('the card grid', () => {
  for (const [viewport, columns] of [
    [phone, 1],
    [tablet, 2],
    [desktop, 3],
  ] as const) {
    test(`has ${columns} column${columns > 1 ? 's' : ''} at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      for (const path of ['/offers', '/category/rent']) {
        await page.goto(path)
        await expect(cards(page)).toHaveCount(10)
        const boxes = await cards(page).evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
        )
        const firstRow = boxes.filter((box) => Math.abs(box.y - boxes[0]!.y) < 1)
        const columnsSeen = new Set(boxes.map((box) => Math.round(box.x))).size
        if (columns === 3) expect(firstRow.length).toBeGreaterThanOrEqual(3)
        else expect(firstRow.length).toBe(columns)
        expect(columnsSeen).toBe(firstRow.length)
        await expectNoSidewaysScroll(page)
      }
    })
  }
})

test.describe('a listing card', () => {
  for (const viewport of [phone, desktop]) {
    test(`shows the photo on top at 4:3, then the price, name, location and rooms (${viewport.width}px)`, async ({
      page,
    }) => {
      const [offer] = await listingsFromApi(page, 'offer=true&limit=1')
      const regular = offer!.regularPrice
      const discounted = offer!.discountedPrice!
      await page.setViewportSize(viewport)
      await page.goto('/offers')
      const card = cards(page).filter({ hasText: offer!.name }).first()
      const link = card.getByRole('link', { name: new RegExp(offer!.name) })
      await expect(link).toHaveAttribute('href', `/category/${offer!.type}/${offer!.id}`)

      // The photo fills a 4:3 frame, cut to fit rather than shown with bands.
      const photo = card.locator('img')
      await expect(photo).toBeVisible()
      const photoBox = (await photo.boundingBox())!
      expect(photoBox.width / photoBox.height).toBeCloseTo(4 / 3, 1)
      expect(await photo.evaluate((image) => getComputedStyle(image).objectFit)).toBe('cover')

      // Under it, the price now, and the regular price struck through beside it.
      const price = card.getByText(`$${formatPrice(discounted)}`, { exact: true })
      await expect(price).toBeVisible()
      expect((await price.boundingBox())!.y).toBeGreaterThanOrEqual(photoBox.y + photoBox.height)
      const struck = card.getByRole('deletion')
      await expect(struck).toHaveText(`regular price $${formatPrice(regular)}`)
      expect(await struck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe(
        'line-through',
      )
      await expect(card.getByText(`$${formatPrice(regular - discounted)} off`)).toBeVisible()
      if (offer!.type === 'rent') await expect(card).toContainText('/ Month')
      await expect(card).toContainText(offer!.location)
      await expect(card).toContainText(
        offer!.bedrooms > 1 ? `${offer!.bedrooms} Bedrooms` : '1 Bedroom',
      )
    })
  }

  test('is not on offer without a struck price or a badge', async ({ page }) => {
    const listings = await listingsFromApi(page, 'type=sale&limit=10')
    const regular = listings.find((listing) => !listing.offer)!
    await page.goto('/category/sale')
    const card = cards(page).filter({ hasText: regular.name }).first()
    await expect(card).toContainText(`$${formatPrice(regular.regularPrice)}`)
    await expect(card.getByRole('deletion')).toHaveCount(0)
    await expect(card.getByText(/ off$/)).toHaveCount(0)
  })
})

test.describe('while a list loads', () => {
  for (const viewport of [phone, desktop]) {
    test(`skeleton cards stand where the cards come, so nothing moves (${viewport.width}px)`, async ({
      page,
    }) => {
      // Every layout shift the page makes, as the browser reports it (Cumulative Layout Shift).
      await page.addInitScript(() => {
        const page = window as unknown as { layoutShift: number }
        page.layoutShift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[]) {
            if (!entry.hadRecentInput) page.layoutShift += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/listings?*', async (route) => {
        await held
        await route.continue()
      })
      await page.setViewportSize(viewport)
      // Reached from another screen: a page rendered on the server holds its listings and reads none.
      await page.goto('/category/rent')
      await expect(cards(page).first()).toBeVisible()
      await page.evaluate(() => ((window as unknown as { layoutShift: number }).layoutShift = 0))
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Offers' })
        .click()
      await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible()

      // The spec's spinner sits in the first skeleton card, among the others of the grid.
      const loading = page.getByRole('status').filter({ hasText: 'Loading' })
      await expect(loading).toBeVisible()
      const skeletons = await loading.evaluate((spinner) => {
        const grid = spinner.closest('main')!.querySelector(':scope > div')!
        return [...grid.children].map((card) => card.getBoundingClientRect().toJSON() as DOMRect)
      })
      expect(skeletons.length).toBeGreaterThanOrEqual(3)

      release()
      await expect(cards(page)).toHaveCount(10)
      await expect(loading).toHaveCount(0)
      const shown = await cards(page).evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
      )
      for (const [index, skeleton] of skeletons.entries()) {
        const card = shown[index]!
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(card[side], `card ${index + 1}: ${side}`).toBeCloseTo(skeleton[side], 0)
        }
      }
      // Let the covers arrive too: their frames are fixed, so they move nothing either.
      await page.waitForLoadState('networkidle')
      expect(
        await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
      ).toBe(0)
    })
  }
})

test.describe('empty lists say what to do next', () => {
  test("Offers: 'There are no current offers', and the way to the categories", async ({ page }) => {
    await page.goto(emptyServer + '/offers')
    await expect(page.getByText('There are no current offers')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Places for rent' })).toHaveAttribute(
      'href',
      '/category/rent',
    )
    await expect(main.getByRole('link', { name: 'Places for sell' })).toHaveAttribute(
      'href',
      '/category/sale',
    )
    await main.getByRole('link', { name: 'Places for rent' }).click()
    await expect(page.getByRole('heading', { name: 'Places for rent', level: 1 })).toBeVisible()
  })

  test("a category: 'No listings for rent', the other category and a way to list a home", async ({
    page,
  }) => {
    await page.goto(emptyServer + '/category/rent')
    await expect(page.getByText('No listings for rent')).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Places for sell' })).toHaveAttribute(
      'href',
      '/category/sale',
    )
    await expect(main.getByRole('link', { name: 'Sell or rent your home' })).toHaveAttribute(
      'href',
      '/create-listing',
    )
  })

  test("'Your Listings' invites to create a listing once the last one is deleted", async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account)
    await page.goto('/profile')
    const yourListings = page.getByRole('region', { name: 'Your Listings' })
    await expect(yourListings.getByRole('listitem')).toHaveCount(1)
    await expect(yourListings).toContainText(listing.name)

    page.once('dialog', (dialog) => void dialog.accept())
    await yourListings.getByRole('button', { name: 'Delete listing' }).click()
    await expect(toastWith(page, 'Successfully deleted listing')).toBeVisible()
    await expect(yourListings.getByText('You have no listings left')).toBeVisible()
    await yourListings.getByRole('link', { name: 'Create a listing' }).click()
    await expect(page).toHaveURL(/\/create-listing$/)

    // The spec: the section appears when the user has listings; someone who has none sees no section.
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Your Listings' })).toHaveCount(0)
  })
})

test.describe('a name of one long word', () => {
  for (const viewport of [phone, desktop]) {
    test(`wraps on every screen that shows it: no page is wider than the window (${viewport.width}px)`, async ({
      page,
      context,
      newUser,
      listingOf,
      seededApp,
    }) => {
      // One word of 32 letters, the most the spec allows a listing; W is the widest letter. The
      // landlord's name is one word too (a user's name may have 64 characters).
      const word = (length: number) =>
        ('W'.repeat(length - 8) + crypto.randomUUID().replace(/[^a-f]/g, '')).slice(0, length)
      const landlord = await newUser('long-name', word(48))
      const name = word(32)
      await listingOf(landlord, {
        name,
        type: 'rent',
        offer: true,
        regularPrice: 2500,
        discountedPrice: 2000,
      })
      await signIn(seededApp, context, landlord)
      await page.setViewportSize(viewport)
      const screens = [
        ['/', name],
        ['/offers', name],
        ['/category/rent', name],
        [`/contact/${landlord.id}?listingName=${name}`, `Contact ${landlord.name}`],
        ['/profile', name],
      ]
      for (const [path, text] of screens) {
        await page.goto(path!)
        await expect(page.getByText(text!).first()).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
        await expectNoSidewaysScroll(page)
        await expectBottomBarOnScreen(page)
      }
    })
  }
})

test.describe('My Profile', () => {
  test("a blank name says the server's 'Enter your name' and keeps the old name", async ({
    page,
    account,
  }) => {
    allowConsoleErrors(page, /status of 400/)
    await page.goto('/profile')
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toHaveValue(account.name)
    await page.getByRole('button', { name: 'change' }).click()
    await name.fill('   ')
    await page.getByRole('button', { name: 'done' }).click()

    await expect(toastWith(page, 'Enter your name')).toBeVisible()
    await expect(toastWith(page, 'Could not update profile details')).toHaveCount(0)
    await expect(name).toHaveValue(account.name)
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.name)
  })

  test("any other failure says 'Could not update profile details' and keeps what was typed", async ({
    page,
    account,
  }) => {
    allowConsoleErrors(page, /status of 500/)
    await page.route('**/api/users/me', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal error' } }),
    )
    await page.goto('/profile')
    const name = page.getByLabel('Name', { exact: true })
    await expect(name).toHaveValue(account.name)
    await page.getByRole('button', { name: 'change' }).click()
    await name.fill('Ada King')
    await page.getByRole('button', { name: 'done' }).click()
    await expect(toastWith(page, 'Could not update profile details')).toBeVisible()
    await expect(name).toHaveValue('Ada King')
    await expect(name).toBeEnabled()
  })

  test('sits beside its listings on desktops', async ({ page, account, listingOf }) => {
    await listingOf(account)
    await page.setViewportSize(desktop)
    await page.goto('/profile')
    const details = page.getByRole('region', { name: 'Personal Details' })
    const yourListings = page.getByRole('region', { name: 'Your Listings' })
    await expect(yourListings.getByRole('listitem')).toHaveCount(1)
    // A new account's column starts with the request to verify its e-mail, above the details.
    const verify = page.getByRole('region', { name: 'Verify your e-mail' })
    const top = (await verify.boundingBox())!
    const left = (await details.boundingBox())!
    const right = (await yourListings.boundingBox())!
    expect(left.x + left.width).toBeLessThan(right.x)
    expect(top.x).toBe(left.x)
    expect(Math.abs(top.y - right.y)).toBeLessThan(40)
  })

  test('lines its saved searches up with the page on desktops', async ({
    page,
    account,
    listingOf,
  }) => {
    await listingOf(account)
    const saved = await page.request.post('/api/saved-searches', {
      data: { name: 'Paris flats', query: { q: 'paris' }, alerts: 'off' },
    })
    expect(saved.status()).toBe(201)
    await page.setViewportSize(desktop)
    await page.goto('/profile')
    const details = page.getByRole('region', { name: 'Personal Details' })
    const yourListings = page.getByRole('region', { name: 'Your Listings' })
    const searches = page.getByRole('region', { name: 'Saved searches' })
    await expect(searches.getByRole('link', { name: 'Paris flats' })).toBeVisible()
    await expect(yourListings.getByRole('listitem')).toHaveCount(1)
    // Under both columns: from the account column's left edge to the listings' right edge.
    const left = (await details.boundingBox())!
    const right = (await yourListings.boundingBox())!
    const box = (await searches.boundingBox())!
    expect(Math.abs(box.x - left.x)).toBeLessThan(1)
    expect(Math.abs(box.x + box.width - (right.x + right.width))).toBeLessThan(1)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({
      path: test.info().outputPath('profile-saved-searches-desktop.png'),
      fullPage: true,
    })
  })
})

test.describe('the skip link', () => {
  for (const path of ['/', '/offers', '/category/rent', '/sign-in']) {
    test(`is the first Tab stop on ${path}, shown when focused, and goes to the content`, async ({
      page,
    }) => {
      await page.goto(path)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).not.toBeInViewport()
      await page.keyboard.press('Tab')
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport({ ratio: 1 })
      await page.keyboard.press('Enter')
      // The next Tab lands in the screen's own content, past the header.
      await page.keyboard.press('Tab')
      const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'))
      expect(inMain).toBe(true)
    })
  }
})

/** Headings, labels and controls outside the bottom bar that its box covers. */
async function coveredByBottomBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]')!
    const bar = nav.getBoundingClientRect()
    const things = document.querySelectorAll('h1, h2, h3, label, a, button, input, select, p')
    return [...things]
      .filter((thing) => !nav.contains(thing) && thing.checkVisibility())
      .filter((thing) => {
        const box = thing.getBoundingClientRect()
        return (
          box.width > 0 &&
          box.left < bar.right &&
          box.right > bar.left &&
          box.top < bar.bottom &&
          box.bottom > bar.top
        )
      })
      .map((thing) => `${thing.tagName} ${thing.textContent?.trim().slice(0, 40)}`)
  })
}

test.describe('the bottom bar', () => {
  for (const width of [390, 800, 1024, 1280, 1440, 1920]) {
    test(`hides nothing on Explore at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await expect(page.getByRole('link', { name: 'Places for sell' })).toBeVisible()
      // Desktops: not even when the page is first shown. Phones and tablets keep the spec's bar
      // over the window's foot, and the page makes room to scroll everything clear of it.
      if (width >= 1024) expect(await coveredByBottomBar(page)).toEqual([])
      await page.keyboard.press('End')
      await expect
        .poll(() =>
          page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1),
        )
        .toBe(true)
      expect(await coveredByBottomBar(page)).toEqual([])
    })
  }
})

test.describe('a portrait cover', () => {
  test('makes a card of the same size as the others', async ({ page, account, listingOf }) => {
    const tall = await sharp({
      create: { width: 300, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    const listing = await listingOf(account, {
      type: 'rent',
      name: `Tall ${crypto.randomBytes(3).toString('hex')} Loft`,
      images: [{ name: 'tall.jpg', mimeType: 'image/jpeg', buffer: tall }],
    })
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport)
      await page.goto('/category/rent')
      const card = cards(page).filter({ hasText: listing.name })
      const other = cards(page).filter({ hasNotText: listing.name }).first()
      await expect(card.locator('img')).toBeVisible()
      await expect
        .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalHeight))
        .toBeGreaterThan(0)
      const photo = (await card.locator('img').boundingBox())!
      const otherPhoto = (await other.locator('img').boundingBox())!
      expect(photo.height).toBeCloseTo(otherPhoto.height, 0)
      expect(photo.width / photo.height).toBeCloseTo(4 / 3, 1)
      expect((await card.boundingBox())!.height).toBeCloseTo((await other.boundingBox())!.height, 0)
    }
  })
})

test.describe('a price', () => {
  /** The lines a text takes on screen. */
  const linesOf = (element: Element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  }

  test("of '$750,000,000' never wraps, on the listing's page or its card", async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account, {
      type: 'sale',
      name: `Dear ${crypto.randomBytes(3).toString('hex')} Palace`,
      regularPrice: 750_000_000,
    })
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport)
      await page.goto(`/category/sale/${listing.id}`)
      const prices = page.getByRole('main').getByText('$750,000,000', { exact: true })
      await expect(prices.first()).toBeVisible()
      for (const price of await prices.all()) expect(await price.evaluate(linesOf)).toBe(1)
      await page.goto('/category/sale')
      const card = cards(page).filter({ hasText: listing.name })
      const price = card.getByText('$750,000,000', { exact: true })
      await expect(price).toBeVisible()
      expect(await price.evaluate(linesOf)).toBe(1)
    }
  })
})

test.describe('the account screens', () => {
  for (const path of ['/sign-in', '/sign-up', '/forgot-password']) {
    test(`${path} is a card in the middle of a desktop screen`, async ({ page }) => {
      await page.setViewportSize(desktop)
      await page.goto(path)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
      const box = (await main.boundingBox())!
      const middle = box.x + box.width / 2
      // The page's width: the window less the room kept for a scroll bar.
      const pageWidth = await page.evaluate(() => document.body.getBoundingClientRect().width)
      expect(Math.abs(middle - pageWidth / 2)).toBeLessThan(2)
      expect(box.width).toBeLessThanOrEqual(512)
      expect(await main.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      )
    })
  }
})
