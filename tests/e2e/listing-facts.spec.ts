// The listing facts as a visitor sees them: every fact on the listing page, the description
// folded and unfolded, the whole text in the page the server renders, the type and area on the
// card, and 'Reduced' once the owner cuts the price.
import { formatFloorArea } from '../../src/shared/floor-area'
import type { Listing } from '../../src/shared/listing'
import { pricePerAreaText } from '../../src/client/features/listings/components/listing-facts-text'
import { axeViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/session'

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

/** Four paragraphs, a line break kept inside one, HTML that must read as text, and a long end. */
const description = [
  'A bright apartment on the second floor, with <b>tall windows</b> over the street.',
  'The kitchen is new.\nThe living room opens onto a balcony.',
  Array.from(
    { length: 12 },
    (_, k) => `Room note ${k + 1}: wooden floors and plenty of light.`,
  ).join(' '),
  'The last paragraph: viewings on Saturday mornings.',
].join('\n\n')

const facts = {
  type: 'rent',
  regularPrice: 2300,
  description,
  homeType: 'apartment',
  floorArea: 85,
  availableFrom: yesterday,
  petsAllowed: true,
} as const

const pagePath = (listing: Listing) => `/category/${listing.type}/${listing.id}`

test.describe('Listing facts', () => {
  test('the listing page shows every fact, and Read more unfolds and folds the description', async ({
    page,
    newUser,
    listingOf,
  }) => {
    const listing = await listingOf(await newUser('facts'), facts)
    await page.goto(pagePath(listing))

    const more = page.getByRole('list', { name: 'More facts' })
    await expect(more.getByRole('listitem')).toHaveText([
      'Home type: Apartment',
      `Floor area: ${formatFloorArea(85)}`,
      `Price per area: ${pricePerAreaText(2300, 85, 'rent')}`,
      'Available now',
      'Pets allowed',
    ])
    await expect(more).toContainText('85 m² · 915 sq ft')
    await expect(more).toContainText('$27.06 / m² · $2.51 / sq ft a month')

    // HTML in a description is text; paragraphs and the line break are kept.
    await expect(page.getByText('<b>tall windows</b>', { exact: false })).toBeVisible()
    await expect(page.locator('b', { hasText: 'tall windows' })).toHaveCount(0)
    const paragraphs = page.getByRole('region', { name: 'About this home' }).locator('p')
    await expect(paragraphs).toHaveCount(4)
    await expect(paragraphs.nth(1)).toHaveText(
      'The kitchen is new.\nThe living room opens onto a balcony.',
    )

    const readMore = page.getByRole('button', { name: 'Read more' })
    await expect(readMore).toHaveAttribute('aria-expanded', 'false')
    const last = page.getByText('The last paragraph: viewings on Saturday mornings.')
    await expect(last).not.toBeInViewport()
    const folded = (await paragraphs.first().locator('..').boundingBox())!.height
    await readMore.click()
    const readLess = page.getByRole('button', { name: 'Read less' })
    await expect(readLess).toHaveAttribute('aria-expanded', 'true')
    await expect
      .poll(async () => (await paragraphs.first().locator('..').boundingBox())!.height)
      .toBeGreaterThan(folded + 100)
    expect(await axeViolations(page)).toEqual([])

    await readLess.click()
    await expect(page.getByRole('button', { name: 'Read more' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect
      .poll(async () => (await paragraphs.first().locator('..').boundingBox())!.height)
      .toBe(folded)
    expect(await axeViolations(page)).toEqual([])
  })

  test('the whole description is in the page the server renders, readable without scripts', async ({
    browser,
    newUser,
    listingOf,
  }) => {
    const listing = await listingOf(await newUser('facts-html'), facts)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const response = await page.goto(pagePath(listing))
    const html = await response!.text()
    expect(html).toContain('The last paragraph: viewings on Saturday mornings.')
    expect(html).toContain('&lt;b&gt;tall windows&lt;/b&gt;')
    await expect(
      page.getByText('The last paragraph: viewings on Saturday mornings.'),
    ).toBeAttached()
    await expect(page.getByText('85 m² · 915 sq ft')).toBeVisible()
    await context.close()
  })

  test('a card shows the home type and floor area, and Reduced after a price cut', async ({
    page,
    account,
    listingOf,
  }) => {
    const listing = await listingOf(account, { ...facts, regularPrice: 3000 })
    await page.goto('/category/rent')
    const card = page.getByRole('listitem').filter({ hasText: listing.name })
    await expect(card).toContainText('Apartment · 85 m² · 915 sq ft')
    await expect(card).toContainText('New')
    await expect(card.getByText('Reduced', { exact: true })).toHaveCount(0)

    // The owner cuts the price by a tenth in the edit form.
    await page.goto(`/edit-listing/${listing.id}`)
    const price = page.getByLabel('Regular Price', { exact: true })
    await price.fill('2700')
    await page.getByRole('button', { name: 'Edit Listing' }).click()
    await expect(page).toHaveURL(new RegExp(`${listing.id}$`))

    await expect(page.getByText('Reduced', { exact: true })).toBeVisible()
    const history = page.getByRole('region', { name: 'Price history' })
    await expect(history.getByRole('row')).toHaveCount(3)
    await expect(history.getByRole('table')).toContainText('$3,000')
    await expect(history.getByRole('table')).toContainText('$2,700')
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/category/rent')
    await expect(card.getByText('Reduced', { exact: true })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
