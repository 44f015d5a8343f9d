// The search's map, at a desktop's width where it stands beside the list: it shows what the server
// returns for its view (a numbered badge for each cluster, a price pin for each listing), offers
// 'Search this area' once dragged, and a pin's card leads to the listing.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import type { Bbox, MapResponse } from '../../src/shared/listing-requests'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors, expect, listingsFromApi, test } from '../support/e2e/fixtures'
import {
  bboxText,
  inside,
  latestOfMap,
  listingsOnMap,
  mapOf,
  mapShowsLatest,
  parseBbox,
  pinName,
  recordMapReads,
  shownPin,
  worldText,
  type MapRead,
} from '../support/e2e/search-map'

test.use({ viewport: { width: 1440, height: 900 } })

/** Around the demo listings in Paris (the seed puts them within 0.02° of its centre). */
const paris: Bbox = { west: 2.31, south: 48.83, east: 2.4, north: 48.88 }

test('shows every result, wherever it is, when no area is searched', async ({ page }) => {
  await page.goto('/search')
  const world = await page.request.get(`/api/listings/map?bbox=${worldText}&zoom=1`)
  const { total } = (await world.json()) as MapResponse
  expect(total).toBeGreaterThan(0)
  await expect.poll(() => listingsOnMap(page)).toBe(total)
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0)
})

test('shows price pins at a city zoom, each with its own listing', async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto(`/search?bbox=${bboxText(paris)}`)
  const { bbox, zoom, body } = await mapShowsLatest(page, reads)
  expect(inside(bbox, paris)).toBe(true)
  expect(zoom).toBeGreaterThanOrEqual(11)
  expect(body.clusters).toEqual([])
  expect(body.items.length).toBeGreaterThan(0)
  expect(body.items.every((item) => item.name.includes('Paris'))).toBe(true)
})

/** Waits until the map has fitted itself to every result of the search for `q`, city-sized. */
async function expectMapOnResults(page: Page, reads: MapRead[], q: string) {
  const found = await listingsFromApi(page, `q=${q}&limit=50`)
  expect(found.length).toBeGreaterThan(0)
  // The map looks for them over the whole world first, then reads the view it fitted itself to.
  await expect
    .poll(() => {
      const read = latestOfMap(reads)
      return read?.q === q && bboxText(read.bbox) !== worldText
    })
    .toBe(true)
  const { bbox, body } = await mapShowsLatest(page, reads)
  expect(body.items.map(({ id }) => id).sort()).toEqual(found.map(({ id }) => id).sort())
  expect(bbox.east - bbox.west).toBeLessThan(1)
  // Moved by this code, not by the visitor: there is no other area to offer.
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0)
}

test('a new search without an area moves the map to its own results', async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto('/search?q=Paris')
  await expectMapOnResults(page, reads, 'Paris')

  const box = page.getByRole('combobox', { name: 'Search homes' })
  await box.fill('London')
  await box.press('Enter')
  await expect(page).toHaveURL('/search?q=London')
  await expectMapOnResults(page, reads, 'London')
})

test("'Search this area' after a drag puts the map's area in the address", async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto(`/search?bbox=${bboxText(paris)}`)
  const before = (await mapShowsLatest(page, reads)).bbox
  const searchArea = page.getByRole('button', { name: 'Search this area' })
  await expect(searchArea).toHaveCount(0)

  // A drag to the west, as a mouse does it.
  const box = (await mapOf(page).boundingBox())!
  // Near the top, on screen and off the middle, where the results' badge may stand: a drag begun
  // on a marker moves no map.
  const [x, y] = [box.x + box.width * 0.3, box.y + 80]
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 120, y + 10, { steps: 8 })
  await page.mouse.up()

  await searchArea.click()
  await expect(searchArea).toHaveCount(0)
  await expect(page).toHaveURL(/[?&]bbox=/)
  const searched = new URL(page.url()).searchParams.get('bbox')!
  const area = parseBbox(searched)
  // Dragged east by the mouse: the map now looks further west than before.
  expect(area.west).toBeLessThan(before.west)
  expect(area.east).toBeLessThan(before.east)
  expect(area.south).toBeLessThan(area.north)
  // And the map goes on reading that area, without jumping back to where it was.
  await expect.poll(() => bboxText(latestOfMap(reads)!.bbox)).toBe(searched)
  await mapShowsLatest(page, reads)

  // The area is part of the link: after a reload the map shows it again, and only it.
  const afterReload = recordMapReads(page)
  await page.reload()
  const { bbox } = await mapShowsLatest(page, afterReload)
  // The same view to within a pixel, where Leaflet rounds the map's position.
  for (const edge of ['west', 'south', 'east', 'north'] as const) {
    expect(bbox[edge]).toBeCloseTo(area[edge], 3)
  }
  await expect(searchArea).toHaveCount(0)
})

test("a pin opens a card that links to the listing's page", async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto(`/search?bbox=${bboxText(paris)}`)
  const item = await shownPin(page, reads)

  // From the keyboard: the pins are buttons, and the card takes the focus when it opens.
  await mapOf(page)
    .getByRole('button', { name: pinName(item), exact: true })
    .first()
    .focus()
  await page.keyboard.press('Enter')
  const card = mapOf(page).getByRole('link', { name: item.name })
  await expect(card).toBeFocused()
  await expect(card).toContainText(`$${formatPrice(item.price)}`)
  await expect(card).toHaveAttribute('href', `/category/${item.type}/${item.id}`)
  expect(await axeViolations(page)).toEqual([])

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/category/${item.type}/${item.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name)
})

test('/search with its map has no WCAG 2.1 AA violations', async ({ page }) => {
  await page.goto('/search')
  await expect.poll(() => listingsOnMap(page)).toBeGreaterThan(0)
  expect(await axeViolations(page)).toEqual([])
})

test.describe('with the tile server down', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/e2e-tiles/**', (route) => route.abort())
    allowConsoleErrors(page, /Failed to load resource/)
  })

  test('the search map says so and keeps its pins, beside the list and in view', async ({
    page,
  }) => {
    await page.goto('/search')
    const map = mapOf(page)
    await expect(map.getByText('Map tiles could not be loaded')).toBeVisible()
    await expect.poll(() => listingsOnMap(page)).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])

    // As tall as the window, and still in view while the list scrolls. At the page's very end
    // the bottom bar follows the page (decision 025) and takes the map up with the list.
    const { height } = page.viewportSize()!
    const results = page.getByRole('region', { name: 'Results', exact: true })
    const list = (await results.boundingBox())!
    expect((await map.boundingBox())!.x).toBeGreaterThanOrEqual(list.x + list.width)
    const links = results.getByRole('link')
    await links.nth(Math.floor((await links.count()) / 2)).scrollIntoViewIfNeeded()
    await expect.poll(async () => (await map.boundingBox())!.y).toBeLessThan(40)
    const box = (await map.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.height).toBeGreaterThan(height * 0.85)
    expect(box.y + box.height).toBeLessThanOrEqual(height)
  })

  test("a listing's map says so and keeps its marker", async ({ page }) => {
    const [listing] = await listingsFromApi(page, 'limit=1')
    await page.goto(`/category/${listing!.type}/${listing!.id}`)
    const location = page.getByRole('region', { name: 'Location' })
    await location.scrollIntoViewIfNeeded()
    await expect(location.getByText('Map tiles could not be loaded')).toBeVisible()
    await expect(location.getByRole('button', { name: listing!.location })).toBeVisible()
  })
})
