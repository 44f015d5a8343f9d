// The listing and list screens come drawn by the server: read without scripts they show the homes
// and every link leads on; with scripts the browser takes the drawn page over as it stands
// (nothing drawn again, nothing read again) and then works as before.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import { effectivePrice } from '../../src/shared/listing'
import { listingPagePath } from '../../src/shared/screens'
import { expect, listingsFromApi, test } from '../support/e2e/fixtures'

/** Keeps the page's first <h1> and a card link as the server drew them, before any script ran. */
async function keepDrawnNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const kept = window as unknown as { drawn: Element[] }
      kept.drawn = [...document.querySelectorAll('#root h1, #root main a')]
    })
  })
}

/** Whether every node kept by `keepDrawnNodes` is still in the page: hydrated, not drawn anew. */
const drawnNodesKept = (page: Page) =>
  page.evaluate(() => {
    const { drawn } = window as unknown as { drawn?: Element[] }
    return drawn !== undefined && drawn.length > 0 && drawn.every((node) => node.isConnected)
  })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a listing shows its name, price, facts, place, photos and the contact link', async ({
    page,
  }) => {
    const [listing] = await listingsFromApi(page, 'type=rent&limit=1')
    await page.goto(listingPagePath(listing!))

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${listing!.name} - $${formatPrice(effectivePrice(listing!))}`,
    )
    await expect(page.getByText('/ Month').first()).toBeVisible()
    await expect(page.getByText(listing!.location, { exact: true }).first()).toBeVisible()
    await expect(
      page.getByText(listing!.bedrooms > 1 ? `${listing!.bedrooms} Bedrooms` : '1 Bedroom'),
    ).toBeVisible()
    const cover = page.getByRole('img', { name: `${listing!.name}, photo 1` }).first()
    await expect(cover).toBeVisible()
    await expect(cover).toHaveAttribute('srcset', /400w/)
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

    const contact = page.getByRole('link', { name: 'Contact Landloard' })
    await expect(contact).toBeVisible()
    await contact.click()
    await expect(page).toHaveURL(/\/contact\//)
  })

  test('a list shows its homes, and a card leads to the listing', async ({ page }) => {
    const [newest] = await listingsFromApi(page, 'type=sale&limit=1')
    await page.goto('/category/sale')
    await expect(page.getByRole('heading', { level: 1, name: 'Places for sell' })).toBeVisible()
    const card = page.locator(`a[href="${listingPagePath(newest!)}"]`).first()
    await expect(card).toBeVisible()
    await card.click()
    await expect(page).toHaveURL(listingPagePath(newest!))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(newest!.name)
  })

  test('Offers and Explore show homes', async ({ page }) => {
    const [offer] = await listingsFromApi(page, 'offer=true&limit=1')
    await page.goto('/offers')
    await expect(page.getByText(offer!.name).first()).toBeVisible()
    const [newest] = await listingsFromApi(page, 'limit=1')
    await page.goto('/')
    await expect(page.getByText(newest!.name).first()).toBeVisible()
  })
})

test.describe('with JavaScript', () => {
  test('a listing is hydrated as drawn, and its data is not read again', async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'type=sale&limit=1')
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/listings')) reads.push(request.url())
    })
    await keepDrawnNodes(page)
    await page.goto(listingPagePath(listing!))

    // Once the session check answers, a visitor's heart can be pressed: the page is live.
    await expect(page.getByRole('button', { name: /^Save / })).toBeEnabled()
    expect(await drawnNodesKept(page)).toBe(true)
    expect(reads).toEqual([])
  })

  test('a list is hydrated as drawn, its hearts live, and Load More goes on', async ({ page }) => {
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/listings')) reads.push(new URL(request.url()).search)
    })
    await keepDrawnNodes(page)
    await page.goto('/category/rent')
    const hearts = page.getByRole('button', { name: /^Save / })
    await expect(hearts.first()).toBeEnabled()
    // Every heart, the last card's too: each part of the page took the session's answer.
    await expect(hearts.last()).toBeEnabled()
    expect(await drawnNodesKept(page)).toBe(true)
    expect(reads).toEqual([])

    const cards = page.locator('main li')
    const drawn = await cards.count()
    await page.getByRole('button', { name: 'Load More' }).click()
    await expect.poll(() => cards.count()).toBeGreaterThan(drawn)
    expect(reads).toHaveLength(1)
    expect(reads[0]).toContain('cursor=')
  })
})
