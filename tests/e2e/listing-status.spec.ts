// Sold, rented and back on the market (issue 13): the owner marks a listing sold on its page, which
// then says so in a banner and leaves search and its category; Profile shows it under 'Sold'; put
// back on the market from there, it returns everywhere.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
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
