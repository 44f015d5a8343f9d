import { allowConsoleErrors, expect, listingsFromApi, test } from '../support/e2e/fixtures'
import { holdScreenScript } from '../support/e2e/held-screen'

test.describe('Contact Landlord', () => {
  test('composes a mailto link with the subject and the typed message', async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'limit=1')
    const landlord = await (await page.request.get(`/api/users/${listing!.userRef}`)).json()
    const subject = 'Loft & garden: 50% off?'
    await page.goto(`/contact/${listing!.userRef}?${new URLSearchParams({ listingName: subject })}`)

    await expect(page.getByRole('heading', { name: 'Contact Landlord' })).toBeVisible()
    await expect(page.getByText(`Contact ${landlord.name}`)).toBeVisible()
    const message = 'Hello,\nis it still free? A&B + C'
    await page.getByLabel('Message').fill(message)
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      `mailto:${landlord.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`,
    )
    // HTML_CodeSniffer H32.2: no form without a submit button (the link sends nothing itself).
    const submits = 'button[type=submit], button:not([type]), input[type=submit], input[type=image]'
    await expect(page.locator(`form:not(:has(${submits}))`)).toHaveCount(0)
  })

  test('a message typed before the page went live is kept and sent', async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'limit=1')
    const releaseScreen = await holdScreenScript(page, 'Contact')
    await page.goto(`/contact/${listing!.userRef}?listingName=Flat`, { waitUntil: 'commit' })
    await page.getByLabel('Message').fill('Typed early')
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated')

    releaseScreen()
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '')
    await expect(page.getByLabel('Message')).toHaveValue('Typed early')
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      /body=Typed%20early$/,
    )
  })

  test("an unknown landlord says 'Could not get landlord data'", async ({ page }) => {
    await page.goto('/contact/noSuchLandlord?listingName=Flat')
    await expect(page.getByText('Could not get landlord data')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveCount(0)
    allowConsoleErrors(page, /404/)
  })
})
