// The search's map, at a desktop's width where it stands beside the list: it shows what the server
// answers for its view (a numbered badge for each cluster, a price pin for each listing), offers
// 'Search this area' once dragged, and a pin's card leads to the listing.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import type { Bbox, MapAnswer, MapItem } from '../../src/shared/listing-requests'
import { axeViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'

test.use({ viewport: { width: 1440, height: 900 } })

/** Around the demo listings in Paris (the seed puts them within 0.02° of its centre). */
const paris: Bbox = { west: 2.31, south: 48.83, east: 2.4, north: 48.88 }
const bboxText = ({ west, south, east, north }: Bbox) => [west, south, east, north].join(',')
function parseBbox(text: string): Bbox {
  const [west, south, east, north] = text.split(',').map(Number) as [number, number, number, number]
  return { west, south, east, north }
}

interface MapRead {
  bbox: Bbox
  zoom: number
  answer: MapAnswer
  /** The page's count of the search's homes: zoom 0 over the search's area (the world by default). */
  count: boolean
}

const worldText = '-180,-90,180,90'

/** Every answer of /api/listings/map the page is given, in the order they come. */
function recordMapReads(page: Page): MapRead[] {
  const reads: MapRead[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname !== '/api/listings/map' || !response.ok()) return
    const bbox = url.searchParams.get('bbox')!
    const zoom = Number(url.searchParams.get('zoom'))
    const searched = new URL(page.url()).searchParams.get('bbox') ?? worldText
    const answer = (await response.json()) as MapAnswer
    reads.push({ bbox: parseBbox(bbox), zoom, answer, count: zoom === 0 && bbox === searched })
  })
  return reads
}

/** The map's latest read: the page's own count (see above) is not one. */
const latestOfMap = (reads: MapRead[]) => reads.filter((read) => !read.count).at(-1)

/** What a screen reader says of a pin: the listing's name and its price. */
const pinName = (item: MapItem) =>
  `${item.name}, $${formatPrice(item.price)}${item.type === 'rent' ? ' / Month' : ''}`
const badgeName = (count: number) => `${count === 1 ? '1 listing' : `${count} listings`}: zoom in`
const pinPattern = /, \$[\d,]+( \/ Month)?$/
const badgePattern = /^(\d+) listings?: zoom in$/
const markerPattern = new RegExp(`${pinPattern.source}|${badgePattern.source}`)

const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of the results' })

/** How many listings the map's pins and badges stand for, as a screen reader hears them. */
async function listingsOnMap(page: Page): Promise<number> {
  const tree = await mapOf(page).ariaSnapshot()
  let listings = 0
  for (const [, name] of tree.matchAll(/- button "([^"]*)"/g)) {
    const badge = badgePattern.exec(name!)
    if (badge) listings += Number(badge[1])
    else if (pinPattern.test(name!)) listings += 1
  }
  return listings
}

/** Waits until the map shows its latest answer, marker for marker, and gives that answer. */
async function mapShowsLatest(page: Page, reads: MapRead[]): Promise<MapRead> {
  const map = mapOf(page)
  const markers = map.getByRole('button', { name: markerPattern })
  let shown: MapRead | undefined
  await expect(async () => {
    shown = latestOfMap(reads)
    expect(shown, "an answer of the map's").toBeDefined()
    const { items, clusters } = shown!.answer
    const names = [...items.map(pinName), ...clusters.map(({ count }) => badgeName(count))]
    await expect(markers).toHaveCount(names.length, { timeout: 1000 })
    for (const name of new Set(names)) {
      const times = names.filter((other) => other === name).length
      await expect(map.getByRole('button', { name, exact: true })).toHaveCount(times, {
        timeout: 1000,
      })
    }
  }).toPass()
  return shown!
}

const inside = (outer: Bbox, inner: Bbox) =>
  outer.west <= inner.west &&
  outer.south <= inner.south &&
  outer.east >= inner.east &&
  outer.north >= inner.north

test('shows every result, wherever it is, when no area is searched', async ({ page }) => {
  await page.goto('/search')
  const world = await page.request.get(`/api/listings/map?bbox=${worldText}&zoom=1`)
  const { total } = (await world.json()) as MapAnswer
  expect(total).toBeGreaterThan(0)
  await expect.poll(() => listingsOnMap(page)).toBe(total)
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0)
})

test('shows price pins at a city zoom, each with its own listing', async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto(`/search?bbox=${bboxText(paris)}`)
  const { bbox, zoom, answer } = await mapShowsLatest(page, reads)
  expect(inside(bbox, paris)).toBe(true)
  expect(zoom).toBeGreaterThanOrEqual(11)
  expect(answer.clusters).toEqual([])
  expect(answer.items.length).toBeGreaterThan(0)
  expect(answer.items.every((item) => item.name.includes('Paris'))).toBe(true)
})

test("'Search this area' after a drag puts the map's area in the address", async ({ page }) => {
  const reads = recordMapReads(page)
  await page.goto(`/search?bbox=${bboxText(paris)}`)
  const before = (await mapShowsLatest(page, reads)).bbox
  const searchArea = page.getByRole('button', { name: 'Search this area' })
  await expect(searchArea).toHaveCount(0)

  // A drag to the west, as a mouse does it.
  const box = (await mapOf(page).boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
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
  const { answer } = await mapShowsLatest(page, reads)
  const item = answer.items[0]!

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
