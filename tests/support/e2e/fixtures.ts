// Every journey runs against the built app; these fixtures add what a real visitor's browser has.
import { test as base, expect, type Page } from '@playwright/test'
import type { Listing, ListingPage } from '../../../src/shared/listing'
import { emptyPort } from './ports'

// The only stand-in: map tiles come from an outside tile server, which this machine cannot reach.
// The page asks for them at MAP_TILE_URL, and the test returns one grey PNG.
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mO8c+fOfwAIHgN3UGVHzQAAAABJRU5ErkJggg==',
  'base64',
)

const allowedErrors = new WeakMap<Page, RegExp[]>()

export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = []
    const allowed: RegExp[] = []
    allowedErrors.set(page, allowed)
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route('**/e2e-tiles/**', (route) =>
      route.fulfill({ body: tilePng, contentType: 'image/png' }),
    )
    await use(page)
    // A visitor should never see the console complain.
    const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))
    expect(unexpected, 'console errors').toEqual([])
  },
})

/** For journeys that break something on purpose: the browser's own report of it is expected. */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  allowedErrors.get(page)?.push(pattern)
}

export { expect }

export const emptyServer = `http://127.0.0.1:${emptyPort}`

/** What the API says, to compare the screens with. */
export async function listingsFromApi(page: Page, query: string): Promise<Listing[]> {
  const response = await page.request.get(`/api/listings?${query}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as ListingPage).items
}

/** Every listing the lists show (the active ones), newest first, read page by page from the API. */
export async function allListingsFromApi(page: Page): Promise<Listing[]> {
  const all: Listing[] = []
  let cursor: string | null = null
  do {
    const query: string = `limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const response = await page.request.get(`/api/listings?${query}`)
    expect(response.ok()).toBe(true)
    const listingPage = (await response.json()) as ListingPage
    all.push(...listingPage.items)
    cursor = listingPage.nextCursor
  } while (cursor)
  return all
}

/** Makes every request for listings fail as a dropped connection would. */
export async function failListingRequests(page: Page) {
  await page.route('**/api/listings**', (route) => route.abort('connectionfailed'))
}
