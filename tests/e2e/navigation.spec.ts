import { allowConsoleErrors, expect, test } from '../support/e2e/fixtures'

const entries = ['Explore', 'Offers', 'Profile']

test.describe('bottom navigation', () => {
  for (const [path, current] of [
    ['/', 'Explore'],
    ['/offers', 'Offers'],
    ['/category/rent', undefined],
    ['/contact/nobody?listingName=x', undefined],
  ] as const) {
    test(`on ${path} marks ${current ?? 'no entry'} as the current page`, async ({ page }) => {
      await page.goto(path)
      if (path.startsWith('/contact')) allowConsoleErrors(page, /404/)
      const nav = page.getByRole('navigation', { name: 'Main' })
      for (const entry of entries) {
        const link = nav.getByRole('link', { name: entry })
        await expect(link).toBeVisible()
        if (entry === current) await expect(link).toHaveAttribute('aria-current', 'page')
        else await expect(link).not.toHaveAttribute('aria-current')
      }
    })
  }

  test('shows the current entry dark and the others grey', async ({ page }) => {
    await page.goto('/offers')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const colour = (name: string) =>
      nav.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).color)
    expect(await colour('Offers')).toBe('rgb(44, 44, 44)')
    expect(await colour('Explore')).toBe('rgb(107, 107, 107)')
  })

  test('a listing under /category is not Explore', async ({ page }) => {
    await page.goto('/category/rent')
    await page.locator('main li a').first().click()
    await expect(page).toHaveURL(/\/category\/rent\/[A-Za-z0-9]+$/)
    await expect(page.getByRole('link', { name: 'Explore' })).not.toHaveAttribute('aria-current')
  })

  test('moves between screens', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Offers' }).click()
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Explore' }).click()
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
  })

  test('an unknown route shows a not-found page with a way back', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
    allowConsoleErrors(page, /404/)
    await page.getByRole('link', { name: 'Go to Explore' }).click()
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
  })
})
