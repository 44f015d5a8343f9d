// Every public screen passes axe's WCAG 2.1 A and AA rules (contrast, names, labels, landmarks).
import { contactPath } from '../../src/shared/screens'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors, expect, listingsFromApi, test } from '../support/e2e/fixtures'

const screens: [string, (listing: { type: string; id: string; userRef: string }) => string][] = [
  ['Explore', () => '/'],
  ['Offers', () => '/offers'],
  ['Category', () => '/category/rent'],
  ['Listing detail', (listing) => `/category/${listing.type}/${listing.id}`],
  ['Contact Landlord', (listing) => `/contact/${listing.userRef}?listingName=Flat`],
  [
    'Contact Landlord about a listing',
    (listing) => `/contact/${listing.userRef}?listingName=Flat&listingId=${listing.id}`,
  ],
  ['Sign in', () => '/sign-in'],
  ['Sign up', () => '/sign-up'],
  ['Forgot Password', () => '/forgot-password'],
  ['Not found', () => '/no-such-page'],
]

for (const [name, path] of screens) {
  test(`${name} has no WCAG 2.1 AA violations`, async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'offer=true&limit=1')
    await page.goto(path(listing!))
    if (name === 'Not found') allowConsoleErrors(page, /404/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Let lazy parts (carousel, map) settle before the audit.
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
  })
}

// The same rules at a desktop's width, where the header shows and the bottom bar is compact.
const desktopScreens: [string, string][] = [
  ['Explore', '/'],
  ['Offers', '/offers'],
  ['Category', '/category/rent'],
  ['Sign in', '/sign-in'],
  ['Sign up', '/sign-up'],
  ['Forgot Password', '/forgot-password'],
]

for (const [name, path] of desktopScreens) {
  test(`${name} has no WCAG 2.1 AA violations at 1440px`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
  })
}

test('Contact Landlord about a listing has no WCAG 2.1 AA violations at 1440px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const [listing] = await listingsFromApi(page, 'limit=1')
  await page.goto(contactPath(listing!.userRef, listing!.name, listing!.id))
  await expect(page.getByRole('link', { name: listing!.name })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send Message' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
