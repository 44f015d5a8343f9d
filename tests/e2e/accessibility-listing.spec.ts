// The listing page passes axe's WCAG 2.1 A and AA rules at both widths as well as at the default
// one (accessibility.spec.ts), and so does its full-screen photo viewer while it is open.
import { axeViolations } from '../support/e2e/axe'
import { expect, listingsFromApi, test } from '../support/e2e/fixtures'

const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test.beforeEach(async ({ page }) => {
      const [listing] = await listingsFromApi(page, 'offer=true&limit=1')
      await page.goto(`/category/${listing!.type}/${listing!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })

    test('Listing detail has no WCAG 2.1 AA violations', async ({ page }) => {
      // The map too: it starts when scrolled near.
      await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded()
      await expect(page.locator('.leaflet-container')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
      expect(await axeViolations(page)).toEqual([])
    })

    test('the full-screen photo viewer has no WCAG 2.1 AA violations', async ({ page }) => {
      await page.getByRole('button', { name: 'View full screen' }).click()
      const viewer = page.getByRole('dialog')
      await expect(viewer).toBeVisible()
      await expect(viewer.getByRole('img')).toHaveJSProperty('complete', true)
      expect(await axeViolations(page)).toEqual([])
    })
  })
}
