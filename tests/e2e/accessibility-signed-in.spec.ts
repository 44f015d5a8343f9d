// The signed-in screens pass axe's WCAG 2.1 A and AA rules too: profile, create and edit.
import { axeViolations } from '../support/e2e/axe'
import { notAnImage, photo } from '../support/e2e/images'
import { expect, test } from '../support/e2e/session'

for (const viewport of [
  { width: 412, height: 860 },
  { width: 1440, height: 900 },
]) {
  test(`My Profile with its listings has no WCAG 2.1 AA violations at ${viewport.width}px`, async ({
    page,
    account,
    listingOf,
  }) => {
    await listingOf(account, { offer: true, regularPrice: 2000, discountedPrice: 1500 })
    await page.setViewportSize(viewport)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}

test('My Profile with no listings left has no WCAG 2.1 AA violations at 1440px', async ({
  page,
  account,
  listingOf,
}) => {
  await listingOf(account)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/profile')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete listing' }).click()
  await expect(page.getByText('You have no listings left')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test('Create a Listing has no WCAG 2.1 AA violations, with the offer fields shown', async ({
  page,
  account,
}) => {
  expect(account.id).toBeTruthy()
  await page.goto('/create-listing')
  await page.getByRole('group', { name: 'Offer' }).getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByLabel('Discounted Price')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

test('Edit Listing has no WCAG 2.1 AA violations, with its images listed', async ({
  page,
  account,
  listingOf,
}) => {
  const listing = await listingOf(account)
  await page.goto(`/edit-listing/${listing.id}`)
  await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem').first(),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})

// The listing form's desktop layout (two columns in a card) and the messages it shows as one types
// and picks files: over-long name, the discount rule, a marked file.
for (const viewport of [
  { width: 412, height: 860 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('Create a Listing with its messages showing has no WCAG 2.1 AA violations', async ({
      page,
      account,
    }) => {
      expect(account.id).toBeTruthy()
      await page.goto('/create-listing')
      await page.getByLabel('Name', { exact: true }).fill('A loft on the Rue de Rivoli, Paris')
      await page.getByLabel('Regular Price').fill('1000')
      await page.getByRole('group', { name: 'Offer' }).getByRole('button', { name: 'Yes' }).click()
      await page.getByLabel('Discounted Price').fill('1200')
      await page
        .getByLabel('Images', { exact: true })
        .setInputFiles([await photo('front.jpg'), notAnImage('notes.txt')])
      await expect(page.getByText('34 / 32', { exact: true })).toBeVisible()
      await expect(
        page.getByText('Discounted Price needs to be less than regular price'),
      ).toBeVisible()
      await expect(page.getByText('Not a JPEG or PNG image')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test.describe('on a desktop, 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('Edit Listing in two columns, on offer, has no WCAG 2.1 AA violations', async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account, { offer: true, discountedPrice: 1000 })
    await page.goto(`/edit-listing/${listing.id}`)
    await expect(page.getByRole('heading', { name: 'Edit Listing' })).toBeVisible()
    await expect(page.getByLabel('Discounted Price')).toHaveValue('1000')
    expect(await axeViolations(page)).toEqual([])
  })
})
