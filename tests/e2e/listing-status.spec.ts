// Sold, rented and back on the market: the owner marks a listing sold on its page, which
// then says so in a banner and leaves search and its category; Profile shows it under 'Sold'; put
// back on the market from there, it returns everywhere.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, test } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

/** Both layouts of what the page shows now, kept for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: test.info().outputPath(`${name}-${size}.png`),
      fullPage: true,
    })
  }
  await page.setViewportSize(phone)
}

test.describe('sold and back on the market', () => {
  test('the owner marks a listing sold, it leaves search and its category, and comes back', async ({
    page,
    account,
    listingOf,
  }) => {
    // A word no other listing has, so that the search finds this one alone.
    const word = `Quokka${crypto.randomBytes(3).toString('hex')}`
    const listing = await listingOf(account, { type: 'sale', name: `${word} Villa` })
    const listingPage = `/category/sale/${listing.id}`
    const searchPage = `/search?q=${word}`
    const card = (scope: ReturnType<Page['getByRole']>) =>
      scope.getByRole('link', { name: new RegExp(`${word} Villa`) })
    const results = page.getByRole('region', { name: 'Results', exact: true })
    const category = page.getByRole('main')

    await page.setViewportSize(phone)
    await page.goto(searchPage)
    await expect(card(results)).toHaveCount(1)
    await page.goto('/category/sale')
    await expect(card(category)).toHaveCount(1)

    await page.goto(listingPage)
    const banner = page.getByText('Sold — this home is no longer on the market')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${word} Villa`)
    await expect(banner).toHaveCount(0)
    await page.getByRole('button', { name: 'Mark as sold' }).click()
    await expect(toastWith(page, 'Marked as sold')).toBeVisible()
    await expect(banner).toBeVisible()
    await expect(page.getByRole('button', { name: 'Put back on the market' })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    // Read again from the server: its own head says the same.
    await page.reload()
    await expect(banner).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'sold-listing')

    await page.goto(searchPage)
    await expect(page.getByText('No homes match this search')).toBeVisible()
    await expect(card(results)).toHaveCount(0)
    await page.goto('/category/sale')
    await expect(category.getByRole('listitem').first()).toBeVisible()
    await expect(card(category)).toHaveCount(0)

    await page.goto('/profile')
    const sold = page.getByRole('region', { name: 'Sold', exact: true })
    await expect(card(sold)).toHaveCount(1)
    await expect(sold.getByText('Sold', { exact: true }).last()).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Your Listings', exact: true }).getByRole('listitem'),
    ).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'profile-with-sold')

    // From the keyboard: the card moves to 'Your Listings', and the focus moves with it.
    await sold.getByRole('button', { name: 'Put back on the market' }).focus()
    await page.keyboard.press('Enter')
    await expect(toastWith(page, 'Back on the market')).toBeVisible()
    const yours = page.getByRole('region', { name: 'Your Listings', exact: true })
    await expect(card(yours)).toHaveCount(1)
    await expect(yours.getByRole('button', { name: 'Mark as sold' })).toBeFocused()
    await expect(sold).toHaveCount(0)

    await page.goto(searchPage)
    await expect(card(results)).toHaveCount(1)
    await page.goto('/category/sale')
    await expect(card(category)).toHaveCount(1)
    await page.goto(listingPage)
    await expect(page.getByRole('button', { name: 'Mark as sold' })).toBeVisible()
    await expect(banner).toHaveCount(0)
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  })
})

test.describe('a closed listing', () => {
  test("shows its price as 'Last asked', without 'For Sale', its offer or its discount", async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account, {
      type: 'sale',
      name: `Closed ${crypto.randomBytes(3).toString('hex')} Villa`,
      offer: true,
      regularPrice: 500_000,
      discountedPrice: 449_000,
    })
    const listingPage = `/category/sale/${listing.id}`
    await page.goto(listingPage)
    await expect(page.getByText('$51,000 discount')).toBeVisible()
    await page.getByRole('button', { name: 'Mark as sold' }).click()
    await expect(toastWith(page, 'Marked as sold')).toBeVisible()

    // What the page says once sold, and what the server draws for anyone who opens it.
    const expectClosed = async () => {
      const main = page.getByRole('main')
      await expect(page.getByText('Sold — this home is no longer on the market')).toBeVisible()
      await expect(main.getByText('Last asked', { exact: true })).toBeVisible()
      await expect(main.getByText('$449,000', { exact: true })).toBeVisible()
      await expect(main.getByText('For Sale', { exact: true })).toHaveCount(0)
      await expect(main.getByText(/discount/)).toHaveCount(0)
      await expect(main.getByText('$500,000')).toHaveCount(0)
    }
    await expectClosed()
    const html = await (await page.request.get(listingPage)).text()
    expect(html).toContain('Last asked')
    expect(html).not.toContain('For Sale')
    expect(html).not.toMatch(/\$[\d,]+ discount/)
    await page.reload()
    await expectClosed()
    await screenshots(page, 'closed-listing')

    // Its card in Profile: 'Sold' in the corner, the last price, no offer.
    await page.goto('/profile')
    const sold = page.getByRole('region', { name: 'Sold', exact: true })
    const card = sold.getByRole('listitem').filter({ hasText: listing.name })
    await expect(card).toContainText('Last asked$449,000')
    await expect(card.getByRole('deletion')).toHaveCount(0)
    await expect(card.getByText(/off$/)).toHaveCount(0)
  })
})

test.describe("the owner's own listing page", () => {
  test('has Edit, Delete and the status, and no heart; Delete asks first', async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account, {
      type: 'sale',
      name: `Mine ${crypto.randomBytes(3).toString('hex')} House`,
    })
    const listingPage = `/category/sale/${listing.id}`
    await page.setViewportSize(phone)
    await page.goto(listingPage)
    const main = page.getByRole('main')
    await expect(main.getByRole('button', { name: 'Mark as sold' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      `/edit-listing/${listing.id}`,
    )
    await expect(main.getByRole('button', { name: 'Delete listing' })).toBeVisible()
    await expect(main.getByRole('button', { name: `Save ${listing.name}` })).toHaveCount(0)
    await expect(main.getByRole('button', { name: 'Share' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'owner-listing')

    // No heart on the owner's card either, in a list.
    await page.goto('/category/sale')
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: listing.name })
    await expect(card.getByRole('link')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Save / }).first()).toBeEnabled()
    await expect(card.getByRole('button', { name: `Save ${listing.name}` })).toHaveCount(0)

    await page.goto(listingPage)
    await page.getByRole('link', { name: 'Edit listing' }).click()
    await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible()
    await page.goBack()

    // Dismissed, nothing happens; accepted, the listing goes and its owner is on Profile.
    const asked: string[] = []
    page.once('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: 'Delete listing' }).click()
    await expect.poll(() => asked).toEqual(['Are you sure you want to delete?'])
    await expect(page).toHaveURL(listingPage)
    // The page's own read of the listing, made again once it is deleted, is a 404.
    allowConsoleErrors(page, /404/)
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Delete listing' }).click()
    await expect(toastWith(page, 'Successfully deleted listing')).toBeVisible()
    await expect(page).toHaveURL(/\/profile$/)
    expect((await page.request.get(`/api/listings/${listing.id}`)).status()).toBe(404)
  })
})
