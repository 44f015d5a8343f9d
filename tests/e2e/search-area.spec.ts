// The search where people look: an area traced on the map by hand (a C around a town, whose notch
// leaves out the homes in it), the list and the map beside it lighting each other's listing, and
// the phone's filter sheet saying how many homes its filters would show. The town's homes are the
// journey's own user's, written straight into the seeded server's database, and go with that user.
import crypto from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { homeCount, showHomes } from '../../src/client/features/search/components/home-count'
import { effectivePrice, type Listing } from '../../src/shared/listing'
import type { ListingCount } from '../../src/shared/listing-count'
import { polygonBox, polygonContains, readPolygon, type Polygon } from '../../src/shared/polygon'
import { axeViolations } from '../support/e2e/axe'
import { listingsFromApi } from '../support/e2e/fixtures'
import { expect, test, type TestUser } from '../support/e2e/session'
import { insertListing } from '../support/test-app'
import type { AppContext } from '../../src/server/app'
import {
  bboxText,
  mapOf,
  mapShowsLatest,
  markerNames,
  pinName,
  recordMapReads,
} from '../support/e2e/search-map'

const desktop = { width: 1440, height: 900 }
const phone = { width: 390, height: 844 }
/** Pictures to look at; the ones in docs/screenshots are copied from here. */
const screenshots = '/tmp/search-area'

/** The street of every listing of this run's, and of no other: a search for it finds just them. */
const street = `Areal${crypto.randomUUID().slice(0, 6)} Row`

/** Reykjavík, and where its homes stand around it: a column west, and one east, in degrees. */
const town = { lat: 64.1466, lng: -21.9426 }
const spots = [
  [0.01, -0.03],
  [0, -0.03],
  [-0.01, -0.03],
  [0.01, 0.025],
  [0, 0.025],
  [-0.01, 0.025],
] as const

/** The user's homes of `spots`, a year old so that newest-first lists show them last. */
async function insertTown(app: AppContext, user: TestUser) {
  const { images } = await app.db.kysely
    .selectFrom('listing')
    .select('images')
    .where('userRef', '!=', user.id)
    .executeTakeFirstOrThrow()
  const yearAgo = Date.now() - 365 * 24 * 3_600_000
  for (const [index, [lat, lng]] of spots.entries()) {
    await insertListing(app, {
      userRef: user.id,
      type: 'rent',
      name: `Flat ${index + 1} in Reykjavik`,
      location: `${index + 1} ${street}, Reykjavík, Iceland`,
      regularPrice: 1000 + index * 100,
      images: JSON.parse(images) as string[],
      lat: town.lat + lat,
      lng: town.lng + lng,
      timestamp: yearAgo - index * 60_000,
    })
  }
}

/** The search page on the town's homes, once the map shows them, scrolled so the map is in view. */
async function openTown(page: Page) {
  const reads = recordMapReads(page)
  await page.goto(`/search?q=${encodeURIComponent(street)}`)
  const listings = await listingsIn(page, `q=${encodeURIComponent(street)}`)
  expect(listings).toHaveLength(spots.length)
  await expect.poll(() => markerNames(page)).toHaveLength(spots.length)
  await mapShowsLatest(page, reads)
  await expect(cards(page)).toHaveCount(spots.length)
  await scrollToMap(page)
  return listings
}

/** The page scrolled to its end, where the map stands whole beside the list, once it is still. */
async function scrollToMap(page: Page) {
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
  )
  let last: unknown
  await expect(async () => {
    const box = await mapOf(page).boundingBox()
    const same = JSON.stringify(box) === JSON.stringify(last)
    last = box
    expect(same).toBe(true)
  }).toPass({ intervals: [200] })
}

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true })
const cards = (page: Page) => results(page).getByRole('listitem')
const resultCount = (page: Page) => page.locator('p[aria-live="polite"]')

const pinOf = (listing: Listing) =>
  pinName({ ...listing, price: effectivePrice(listing), ...listing.geolocation })

/** Where on the page a price pin points: the bottom of its bubble's tail. */
async function pinPoint(pin: Locator): Promise<{ x: number; y: number }> {
  const box = (await pin.boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height + 6 }
}

/** The mouse pressed at the first point, moved along every edge in small steps, released there. */
async function traceWithMouse(page: Page, corners: { x: number; y: number }[]) {
  const [first] = corners
  await expect(page.getByText('Draw around the area you want')).toBeAttached()
  await page.mouse.move(first!.x, first!.y)
  await page.mouse.down()
  for (const corner of [...corners.slice(1), first!]) {
    await page.mouse.move(corner.x, corner.y, { steps: 12 })
  }
  await page.mouse.up()
}

/** The listings of a search, read from the API as the page reads them. */
async function listingsIn(page: Page, query: string): Promise<Listing[]> {
  const listings = await listingsFromApi(page, `${query}&limit=50`)
  expect(listings.length).toBeLessThan(50)
  return listings
}

test('a C traced around a town leaves out the homes of its notch; Remove area brings them back', async ({
  page,
  newUser,
  seededApp,
}) => {
  await insertTown(seededApp, await newUser('areas', 'Area Owner'))
  await page.setViewportSize(desktop)
  const before = await openTown(page)
  await expect(resultCount(page)).toHaveText(homeCount(before.length))
  await mapOf(page).getByRole('button', { name: 'Draw an area' }).click()

  // Each home's pin, and the one in the middle of the east side: the notch goes round it.
  const pins = []
  for (const listing of before) {
    const pin = mapOf(page).getByRole('button', { name: pinOf(listing), exact: true })
    pins.push({ listing, ...(await pinPoint(pin)) })
  }
  const eastmost = Math.max(...pins.map((pin) => pin.x))
  const eastSide = pins.filter((pin) => pin.x > eastmost - 20).sort((a, b) => a.y - b.y)
  expect(eastSide).toHaveLength(3)
  const east = eastSide[1]!
  // Round every pin, within the map's box.
  const map = (await mapOf(page).boundingBox())!
  const left = Math.max(Math.min(...pins.map((pin) => pin.x)) - 30, map.x + 8)
  const right = Math.min(eastmost + 30, map.x + map.width - 8)
  const [top, bottom] = [eastSide[0]!.y - 50, eastSide[2]!.y + 50]
  const notch = { left: east.x - 25, top: east.y - 18, bottom: east.y + 18 }
  await traceWithMouse(page, [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: notch.top },
    { x: notch.left, y: notch.top },
    { x: notch.left, y: notch.bottom },
    { x: right, y: notch.bottom },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ])

  // The search is the area: its polygon in the address, with the text searched.
  await expect(page).toHaveURL(/[?&]polygon=/)
  const url = new URL(page.url())
  const read = readPolygon(url.searchParams.get('polygon')!)
  expect('polygon' in read, JSON.stringify(read)).toBe(true)
  const polygon: Polygon = 'polygon' in read ? read.polygon : []
  expect(polygon.length).toBeLessThanOrEqual(50)

  // Inside means inside the C: the home in its notch is out, though it lies within the C's box.
  const inBox = await listingsIn(
    page,
    `q=${encodeURIComponent(street)}&bbox=${bboxText(polygonBox(polygon))}`,
  )
  const inside = inBox.filter((listing) => polygonContains(polygon, listing.geolocation))
  expect(inBox.map(({ id }) => id)).toContain(east.listing.id)
  expect(inside.map(({ id }) => id)).not.toContain(east.listing.id)
  expect(inside).toHaveLength(spots.length - 1)

  await expect(resultCount(page)).toHaveText(homeCount(inside.length))
  await expect(cards(page)).toHaveCount(inside.length)
  await expect(cards(page).filter({ hasText: east.listing.name })).toHaveCount(
    inside.filter(({ name }) => name === east.listing.name).length,
  )
  await expect.poll(async () => (await markerNames(page)).includes(pinOf(east.listing))).toBe(false)
  await expect(page.getByRole('link', { name: 'Remove Area on the map' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.screenshot({ path: `${screenshots}/search-area-desktop.png` })

  await mapOf(page).getByRole('button', { name: 'Remove area' }).click()
  await expect(page).not.toHaveURL(/polygon=/)
  await expect(mapOf(page).getByRole('button', { name: 'Remove area' })).toHaveCount(0)
  await expect(resultCount(page)).toHaveText(homeCount(before.length))
  await expect.poll(async () => (await markerNames(page)).includes(pinOf(east.listing))).toBe(true)
})

test('an outline that crosses itself is said on the map, and searches nothing', async ({
  page,
  newUser,
  seededApp,
}) => {
  await insertTown(seededApp, await newUser('bows', 'Bow Owner'))
  await page.setViewportSize(desktop)
  await openTown(page)
  const map = (await mapOf(page).boundingBox())!
  const [x, y] = [map.x + map.width / 2, map.y + 300]
  await mapOf(page).getByRole('button', { name: 'Draw an area' }).click()
  // A bow tie.
  await traceWithMouse(page, [
    { x: x - 150, y: y - 100 },
    { x: x + 150, y: y + 100 },
    { x: x + 150, y: y - 100 },
    { x: x - 150, y: y + 100 },
  ])
  await expect(mapOf(page).getByRole('alert')).toHaveText(
    'The area crosses itself. Draw it again as one loop.',
  )
  expect(new URL(page.url()).searchParams.has('polygon')).toBe(false)
})

test('a card pointed at lights its pin, and a pin pointed at lights its card', async ({
  page,
  newUser,
  seededApp,
}) => {
  await insertTown(seededApp, await newUser('pins', 'Pin Owner'))
  await page.setViewportSize(desktop)
  const listings = await openTown(page)
  const names = await markerNames(page)
  const listing = listings.find((each) => names.includes(pinOf(each)))!
  const pin = mapOf(page).getByRole('button', { name: pinOf(listing), exact: true })
  const card = cards(page).filter({ has: page.locator(`a[href$="/${listing.id}"]`) })

  await card.hover()
  await expect(pin).toHaveAttribute('data-highlighted', '')
  await page.mouse.move(1, 1)
  await expect(pin).not.toHaveAttribute('data-highlighted', '')

  await pin.hover()
  await expect(card).toHaveAttribute('data-highlighted', 'true')
  await page.mouse.move(1, 1)
  await expect(card).not.toHaveAttribute('data-highlighted')

  // The keyboard's way: a card's link focused lights its pin too.
  await card.getByRole('link').first().focus()
  await expect(pin).toHaveAttribute('data-highlighted', '')
})

test("the phone's filter sheet says how many homes its filters would show", async ({
  page,
  newUser,
  listingOf,
}) => {
  await page.setViewportSize(phone)
  // Rentals of this journey's own, found by a word only their names hold: the other writing
  // journeys add and remove rentals meanwhile, so a count of all of them moves under the test.
  const owner = await newUser('sheet', 'Sheet Owner')
  const word = `Fs${crypto.randomUUID().slice(0, 6)}`
  for (const furnished of [true, false, false]) {
    await listingOf(owner, { name: `${word} rental home`, type: 'rent', furnished })
  }
  const count = async (query: string) => {
    const response = await page.request.get(`/api/listings/count?q=${word}&${query}`)
    return ((await response.json()) as ListingCount).total
  }
  expect([await count('type=rent'), await count('type=rent&furnished=true')]).toEqual([3, 1])

  await page.goto(`/search?q=${word}&type=rent`)
  await page.getByRole('button', { name: /^Filters/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  const apply = sheet.getByRole('button', { name: /^Apply filters/ })
  await expect(apply).toHaveAccessibleName(`Apply filters: ${showHomes(3)}`)

  await sheet.getByLabel('Furnished').check()
  await expect(apply).toHaveAccessibleName(`Apply filters: ${showHomes(1)}`)
  expect(await axeViolations(page)).toEqual([])

  await apply.click()
  await expect(sheet).toHaveCount(0)
  await expect(page).toHaveURL(/furnished=true/)
  await expect(resultCount(page)).toHaveText(homeCount(1))
})

test('on a phone the area shows on the map with controls a finger can press', async ({ page }) => {
  await page.setViewportSize(phone)
  // A C around the middle of Paris, open to the east.
  const c = [
    [48.83, 2.31],
    [48.83, 2.4],
    [48.848, 2.4],
    [48.848, 2.35],
    [48.862, 2.35],
    [48.862, 2.4],
    [48.88, 2.4],
    [48.88, 2.31],
  ]
  const polygon = c.map(([lat, lng]) => `${lat},${lng}`).join(';')
  await page.goto(`/search?view=map&polygon=${encodeURIComponent(polygon)}`)
  const remove = mapOf(page).getByRole('button', { name: 'Remove area' })
  await expect(remove).toBeVisible()
  for (const control of [
    remove,
    mapOf(page).getByRole('button', { name: 'Draw an area' }),
    mapOf(page).getByRole('button', { name: 'Zoom in', exact: true }),
  ]) {
    const box = (await control.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
  }
  expect(await axeViolations(page)).toEqual([])
  await page.screenshot({ path: `${screenshots}/search-area-phone.png` })
})
