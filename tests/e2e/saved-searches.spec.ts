// Saved searches from end to end: save a search from /search with its summary as the name, find it
// in My Profile, open it (the same results), rename it, change its alerts, delete it; a visitor's
// save goes through Sign in and back; the dialog and the list pass axe.
import type { Page } from '@playwright/test'
import type { ListingPage } from '../../src/shared/listing'
import type { SavedSearchList } from '../../src/shared/saved-search'
import { axeViolations } from '../support/e2e/axe'
import { toastWith } from '../support/e2e/accounts'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, test } from '../support/e2e/session'

const search = '/search?type=rent&minBedrooms=2'
const summary = 'Rent · 2+ bedrooms'
const savedToast = 'Search saved: find it under Saved searches in your Profile'

/** The result cards' texts, in order, once the list has loaded. */
async function resultNames(page: Page): Promise<string[]> {
  const cards = page.getByRole('region', { name: 'Results' }).getByRole('listitem')
  await expect(cards.first()).toBeVisible()
  return cards.allTextContents()
}

async function savedSearches(page: Page): Promise<SavedSearchList['items']> {
  const response = await page.request.get('/api/saved-searches')
  expect(response.status()).toBe(200)
  return ((await response.json()) as SavedSearchList).items
}

test('save a search, find it in Profile, open, rename, change its alerts and delete it', async ({
  page,
  account,
}) => {
  expect(account.id).toBeTruthy()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(search)
  const results = await resultNames(page)

  await page.getByRole('button', { name: 'Save this search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog.getByLabel('Name')).toHaveValue(summary)
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await expect(dialog.getByRole('radio', { name: 'Daily' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, savedToast)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Save this search' })).toBeFocused()

  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Saved searches' })
  await section.getByRole('link', { name: summary }).click()
  await expect(page).toHaveURL(search)
  // The search's results as they are now: other journeys add and delete listings meanwhile, so
  // the first read above may rightly differ.
  const shown = await resultNames(page)
  const now = (await (
    await page.request.get(`/api/listings${new URL(search, 'http://x').search}`)
  ).json()) as ListingPage
  expect(shown).toHaveLength(now.items.length)
  now.items.forEach((listing, n) => expect(shown[n]).toContain(listing.name))
  expect(results.length).toBeGreaterThan(0)

  await page.goBack()
  await section.getByRole('button', { name: `Rename “${summary}”` }).click()
  await section.getByLabel('New name').fill('Family flats')
  await section.getByLabel('New name').press('Enter')
  await expect(toastWith(page, 'Renamed to “Family flats”')).toBeVisible()
  await expect(section.getByRole('link', { name: 'Family flats' })).toBeVisible()
  // The filters are still said under the new name.
  await expect(section.getByText(summary, { exact: true })).toBeVisible()

  await section.getByLabel('E-mail alerts').selectOption('instant')
  await expect(toastWith(page, 'E-mail alerts for “Family flats”: Instant')).toBeVisible()
  expect((await savedSearches(page))[0]).toMatchObject({
    name: 'Family flats',
    alerts: 'instant',
    query: { type: 'rent', minBedrooms: '2' },
  })
  await page.reload()
  await expect(section.getByLabel('E-mail alerts')).toHaveValue('instant')

  page.once('dialog', (confirm) => void confirm.accept())
  await section.getByRole('button', { name: 'Delete “Family flats”' }).click()
  await expect(toastWith(page, 'Saved search deleted')).toBeVisible()
  await expect(section.getByText('No saved searches yet')).toBeVisible()
  expect(await savedSearches(page)).toEqual([])
})

test("a visitor's save goes through Sign in, back to the same search with the dialog open", async ({
  page,
  newUser,
}) => {
  const visitor = await newUser('saver', 'Saver Person')
  const query = '/search?q=paris&sort=price-asc'
  await page.goto(query)
  await page.getByRole('button', { name: 'Save this search' }).click()

  await expect(page).toHaveURL(/\/sign-in$/)
  await page.getByLabel('Email', { exact: true }).fill(visitor.email)
  await page.getByLabel('Password', { exact: true }).fill(visitor.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await expect(dialog).toBeVisible()
  const { pathname, search: params } = new URL(page.url())
  expect(pathname + params).toBe(query)
  await expect(dialog.getByLabel('Name')).toHaveValue('paris · lowest price first')
  await dialog.getByRole('radio', { name: 'Instant' }).check()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, savedToast)).toBeVisible()
  await expect(page).toHaveURL(query)
  expect(await savedSearches(page)).toEqual([
    expect.objectContaining({
      name: 'paris · lowest price first',
      query: { q: 'paris', sort: 'price-asc' },
      alerts: 'instant',
    }),
  ])
  // Closed, the dialog does not come back on a reload.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Save this search' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the save dialog and Profile's saved searches pass axe at ${viewport.width}px`, async ({
    page,
    account,
  }) => {
    expect(account.id).toBeTruthy()
    await page.setViewportSize(viewport)
    await page.goto('/search?type=sale&minPrice=100000&parking=true')
    await page.getByRole('button', { name: 'Save this search' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this search' })
    await expect(dialog.getByLabel('Name')).toHaveValue('Sale · from $100,000 · parking')
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(toastWith(page, savedToast)).toBeVisible()

    await page.goto('/profile')
    await expect(page.getByRole('link', { name: 'Sale · from $100,000 · parking' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}

test('saving a search already saved says so, and keeps one', async ({ page, account }) => {
  expect(account.id).toBeTruthy()
  // The server's 409 is how the page learns it: Chromium reports the status in the console.
  allowConsoleErrors(page, /status of 409/)
  await page.goto(search)
  const saveButton = page.getByRole('button', { name: 'Save this search' })
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await saveButton.click()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, savedToast)).toBeVisible()
  const [saved] = await savedSearches(page)

  // The same search in another order of its filters is the same search.
  await page.goto('/search?minBedrooms=2&type=rent')
  await saveButton.click()
  await dialog.getByLabel('Name').fill('Again')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    toastWith(page, 'You already saved this search: find it under Saved searches in your Profile'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(await savedSearches(page)).toEqual([saved])
})
