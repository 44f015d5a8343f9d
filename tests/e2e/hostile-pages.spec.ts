// Hostile text in a listing and in a landlord's name shows as text on every screen that shows it:
// the card, the detail page and its title, the map popup (Leaflet popups take HTML), the preview
// card tags, the JSON-LD and the Contact page's mailto link. Nothing of it becomes an element or
// runs.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/session'

// Names are 10 to 32 characters; the address must still geocode (to Paris).
const name = '<img src=x onerror=pwned=1>'
const address = '<script>pwned=2</script> 12 Rue de Rivoli, Paris, France'
const landlordName = '<b onmouseover=pwned=3>Eve</b>'

/** Nothing hostile was made into an element, and nothing of it ran. */
async function expectNothingInjected(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  // The server's data blocks (the page's data, its JSON-LD) never run; no other inline script may be.
  const dataBlocks = ':not([type="application/json"]):not([type="application/ld+json"])'
  await expect(page.locator(`script:not([src])${dataBlocks}`)).toHaveCount(0)
  await expect(page.locator('b[onmouseover]')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined()
}

test('HTML in a name and an address is shown as text everywhere', async ({
  page,
  newUser,
  listingOf,
}) => {
  const landlord = await newUser('hostile', landlordName)
  const listing = await listingOf(landlord, { name, address, type: 'rent' })
  expect(listing.location).toContain('<script>')

  // The card: the newest listing for rent.
  await page.goto('/category/rent')
  const card = page.getByRole('link').filter({ hasText: name }).first()
  await expect(card).toBeVisible()
  await expect(card).toContainText(name)
  await expect(card).toContainText(address)
  await expectNothingInjected(page)

  // The detail page, its title and the head the server wrote.
  await page.goto(`/category/rent/${listing.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(page.getByText(address, { exact: true })).toBeVisible()
  await expect(page).toHaveTitle(`${name} | House Marketplace`)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${name} | House Marketplace`,
  )
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    new RegExp(escapeRegExp(address)),
  )
  const structuredData = await page.locator('script[type="application/ld+json"]').textContent()
  expect(JSON.parse(structuredData!)).toMatchObject({
    name,
    mainEntity: { address: listing.location },
  })

  // The map popup.
  await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: address }).click()
  await expect(page.locator('.leaflet-popup-content')).toHaveText(address)
  await expectNothingInjected(page)

  // The Contact page: the landlord's name as text, the subject encoded in the mailto link.
  await page.getByRole('link', { name: 'Contact Landloard' }).click()
  await expect(page.getByText(`Contact ${landlordName}`)).toBeVisible()
  await page.getByLabel('Message').fill('<i>hello</i>')
  const href = await page.getByRole('link', { name: 'Send Message' }).getAttribute('href')
  expect(href).toBe(
    `mailto:${landlord.email}?subject=${encodeURIComponent(name)}&body=${encodeURIComponent('<i>hello</i>')}`,
  )
  await expectNothingInjected(page)
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
