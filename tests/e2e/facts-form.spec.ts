// The listing's facts on the Create and Edit forms: a description with its count, the home type,
// the floor area in either unit, the date it is available from and pets, sent with the listing,
// back in Edit, cleared by an edit, and a bad value shown at its own field.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import type { Listing } from '../../src/shared/listing'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { photo } from '../support/e2e/images'
import { expect, test } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const yesNoButton = (page: Page, group: string, choice: 'Yes' | 'No') =>
  page.getByRole('group', { name: group }).getByRole('button', { name: choice, exact: true })
const unitButton = (page: Page, unit: 'm²' | 'sq ft') =>
  page.getByRole('group', { name: 'Floor area unit' }).getByRole('button', { name: unit })

const description = 'Bright flat over two floors.\n\nA quiet street, five minutes from the park.'

async function fillSpecFields(page: Page, name: string) {
  await field(page, 'Name').fill(name)
  await field(page, 'Address').fill('12 Rue de Rivoli, Paris, France')
  await field(page, 'Regular Price').fill('1200')
  await field(page, 'Images').setInputFiles([await photo('front.jpg')])
  await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(
    1,
  )
}

async function listingFromApi(page: Page, id: string): Promise<Listing> {
  const response = await page.request.get(`/api/listings/${id}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as Listing
}

for (const viewport of [phone, desktop]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('Create Listing with every fact, then Edit starts from them and can clear them', async ({
      page,
      account,
    }) => {
      expect(account.id).toBeTruthy()
      await page.goto('/create-listing')
      await fillSpecFields(page, `Facts ${crypto.randomUUID().slice(0, 6)} home`)

      await field(page, 'Description').fill(description)
      const count = `${description.trim().length} / 5,000`
      await expect(page.getByText(count, { exact: true })).toBeVisible()
      // Said once the typing pauses, politely.
      await expect(page.getByRole('status').filter({ hasText: count })).toHaveText(
        `Description: ${count} characters`,
      )

      await field(page, 'Home type').selectOption({ label: 'Apartment' })

      // Typed in square feet, kept in square metres: the other unit shows the same area.
      await unitButton(page, 'sq ft').click()
      await expect(unitButton(page, 'sq ft')).toHaveAttribute('aria-pressed', 'true')
      await field(page, 'Floor area').fill('915')
      await expect(page.getByText('85 m² · 915 sq ft', { exact: true })).toBeVisible()
      await unitButton(page, 'm²').click()
      await expect(field(page, 'Floor area')).toHaveValue('85')

      await field(page, 'Available from').fill('2027-03-01')
      // Pets are asked of rentals only.
      await yesNoButton(page, 'Pets allowed', 'Yes').click()
      await page.getByRole('button', { name: 'Sell', exact: true }).click()
      await expect(page.getByRole('group', { name: 'Pets allowed' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Rent', exact: true }).click()
      await expect(yesNoButton(page, 'Pets allowed', 'Yes')).toHaveAttribute('aria-pressed', 'true')

      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('heading', { name: 'About the home' }).scrollIntoViewIfNeeded()
      await page.screenshot({
        path: test.info().outputPath(`form-facts-${viewport.width}.png`),
        fullPage: true,
      })

      await page.getByRole('button', { name: 'Create Listing' }).click()
      await expect(toastWith(page, 'Listing saved')).toBeVisible()
      await expect(page).toHaveURL(/\/category\/rent\/[A-Za-z0-9_-]+$/)
      const id = new URL(page.url()).pathname.split('/').at(-1)!
      expect(await listingFromApi(page, id)).toMatchObject({
        description: description.trim(),
        homeType: 'apartment',
        floorArea: 85,
        availableFrom: '2027-03-01',
        petsAllowed: true,
      })

      await page.goto(`/edit-listing/${id}`)
      await expect(field(page, 'Description')).toHaveValue(description.trim())
      await expect(field(page, 'Home type')).toHaveValue('apartment')
      await expect(field(page, 'Floor area')).toHaveValue('85')
      await expect(page.getByText('85 m² · 915 sq ft', { exact: true })).toBeVisible()
      await expect(field(page, 'Available from')).toHaveValue('2027-03-01')
      await expect(yesNoButton(page, 'Pets allowed', 'Yes')).toHaveAttribute('aria-pressed', 'true')

      // An edit that empties a fact clears it.
      await field(page, 'Description').fill('')
      await field(page, 'Home type').selectOption({ label: 'Not specified' })
      await field(page, 'Floor area').fill('')
      await field(page, 'Available from').fill('')
      await yesNoButton(page, 'Pets allowed', 'No').click()
      await page.getByRole('button', { name: 'Edit Listing' }).click()
      await expect(toastWith(page, 'Listing saved')).toBeVisible()
      await expect(page).toHaveURL(`/category/rent/${id}`)
      const cleared = await listingFromApi(page, id)
      expect(cleared.petsAllowed).toBe(false)
      for (const fact of ['description', 'homeType', 'floorArea', 'availableFrom'] as const) {
        expect(cleared[fact], fact).toBeUndefined()
      }
    })
  })
}

test.describe('a bad fact, on a phone', () => {
  test.use({ viewport: phone })

  test('a floor area under 5 m² is shown at its field, and nothing is sent', async ({
    page,
    account,
  }) => {
    expect(account.id).toBeTruthy()
    await page.goto('/create-listing')
    await fillSpecFields(page, `Small ${crypto.randomUUID().slice(0, 6)} home`)
    await unitButton(page, 'sq ft').click()
    await field(page, 'Floor area').fill('30')
    let sent = false
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/listings')
        sent = true
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(field(page, 'Floor area')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Floor area')).toHaveAccessibleDescription(/At least 5 m²/)
    expect(sent).toBe(false)
  })

  test("the server's 400 naming the home type is shown at the Home type field", async ({
    page,
    account,
  }) => {
    expect(account.id).toBeTruthy()
    allowConsoleErrors(page, /status of 400/)
    await page.goto('/create-listing')
    await fillSpecFields(page, `Castle ${crypto.randomUUID().slice(0, 6)} home`)
    await field(page, 'Home type').selectOption({ label: 'House' })
    // A browser whose choices the server no longer knows (an old page left open, say): the real
    // server checks the body and replies.
    await page.route('**/api/listings', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>
      await route.continue({ postData: JSON.stringify({ ...body, homeType: 'castle' }) })
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(field(page, 'Home type')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Home type')).toHaveAccessibleDescription('Choose a home type')
    await expect(toastWith(page, 'Choose a home type')).toBeVisible()
    await expect(page).toHaveURL('/create-listing')
  })
})
