// The search map never shows two markers on top of each other: pins whose price labels would
// overlap stand together as a numbered badge at every zoom, and listings at one place open as a
// list. The journey's own user gets a crowd of listings in Lyon (several at one point) and a few in
// other cities, written straight into the seeded server's database; they go with that user.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import type { Map as LeafletMap } from 'leaflet'
import type { AppContext } from '../../src/server/app'
import { seededRandom } from '../../src/server/seed/random'
import { formatPrice } from '../../src/shared/format'
import { axeViolations } from '../support/e2e/axe'
import { keepLeafletMap } from '../support/e2e/leaflet-map'
import { viewBbox } from '../../src/client/features/search/components/search-map/map-view'
import type { MapResponse } from '../../src/shared/listing-requests'
import {
  badgeName,
  bboxText,
  listingsOnMap,
  mapOf,
  mapShowsLatest,
  markerNames,
  placeName,
  recordMapReads,
} from '../support/e2e/search-map'
import { expect, test, type TestUser } from '../support/e2e/session'
import { insertListing } from '../support/test-app'

test.use({ viewport: { width: 1440, height: 900 } })

/** The street of every listing of this run's, and of no other: a search finds just them. */
const street = `Pinpoint${crypto.randomUUID().slice(0, 6)}`
/** The listings at one point have this word too. */
const court = 'Court'
const lyon = { lat: 45.764, lng: 4.8357 }
const atOnePoint = 4
const others = [
  { city: 'Lyon', lat: lyon.lat, lng: lyon.lng, spread: 0.06, count: 40 },
  { city: 'Marseille', lat: 43.2965, lng: 5.3698, spread: 0.04, count: 6 },
  { city: 'Bordeaux', lat: 44.8378, lng: -0.5792, spread: 0.04, count: 6 },
] as const

interface Home {
  id: string
  type: 'rent' | 'sale'
  name: string
  price: number
}

async function insertHomes(app: AppContext, user: TestUser): Promise<Home[]> {
  const random = seededRandom(7)
  const homes: Home[] = []
  const add = async (city: string, lat: number, lng: number, location: string) => {
    const type = random.chance(0.5) ? 'rent' : 'sale'
    const price = type === 'rent' ? random.int(10, 90) * 50 : random.int(100, 2000) * 1000
    const name = `Home ${homes.length + 1} in ${city}`
    const row = await insertListing(app, {
      userRef: user.id,
      type,
      name,
      location,
      regularPrice: price,
      lat,
      lng,
    })
    homes.push({ id: row.id, type, name, price })
  }
  for (let k = 1; k <= atOnePoint; k++) {
    await add('Lyon', lyon.lat, lyon.lng, `${k} ${street} ${court}, Lyon, France`)
  }
  for (const { city, lat, lng, spread, count } of others) {
    for (let k = 1; k <= count; k++) {
      const at = [lat + (random.next() - 0.5) * spread, lng + (random.next() - 0.5) * spread]
      await add(city, at[0]!, at[1]!, `${k} ${street}, ${city}, France`)
    }
  }
  return homes
}

/** keepLeafletMap puts the page's map here. */
type WithMap = Window & { leafletMap?: LeafletMap }

const zoomRange = (page: Page) =>
  page.evaluate(() => {
    const map = (window as WithMap).leafletMap!
    return { min: map.getMinZoom(), max: map.getMaxZoom(), zoom: map.getZoom() }
  })

/** Puts the map at a zoom around a point, without animation. */
async function zoomTo(page: Page, zoom: number, centre: { lat: number; lng: number }) {
  await page.evaluate(
    ([zoom, centre]) => {
      ;(window as WithMap).leafletMap!.setView([centre.lat, centre.lng], zoom, { animate: false })
    },
    [zoom, centre] as const,
  )
}

interface MarkerBox {
  name: string
  left: number
  top: number
  right: number
  bottom: number
}

/** Every marker's box on the screen, as the browser lays it out. */
function markerBoxes(page: Page): Promise<MarkerBox[]> {
  return mapOf(page)
    .locator('.leaflet-marker-icon')
    .evaluateAll((markers) =>
      markers.map((marker) => {
        const { left, top, right, bottom } = marker.getBoundingClientRect()
        return { name: marker.textContent ?? '', left, top, right, bottom }
      }),
    )
}

function overlapping(boxes: MarkerBox[]): string[] {
  const found: string[] = []
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        found.push(`${a.name} / ${b.name}`)
      }
    }
  }
  return found
}

/** Waits until the map shows every listing of the search in its view, in pins and badges. */
async function showsItsView(page: Page) {
  const { edges, zoom } = await page.evaluate(() => {
    const map = (window as WithMap).leafletMap!
    const view = map.getBounds()
    return {
      edges: {
        west: view.getWest(),
        south: view.getSouth(),
        east: view.getEast(),
        north: view.getNorth(),
      },
      zoom: map.getZoom(),
    }
  })
  const bbox = bboxText(viewBbox(edges))
  const response = await page.request.get(`/api/listings/map?q=${street}&bbox=${bbox}&zoom=${zoom}`)
  const { total } = (await response.json()) as MapResponse
  await expect.poll(() => listingsOnMap(page)).toBe(total)
  return total
}

/** The map shows no two markers overlapping (once it has grouped them for its new zoom). */
async function expectNoOverlap(page: Page) {
  await expect(async () => {
    const boxes = await markerBoxes(page)
    expect(boxes.length).toBeGreaterThan(0)
    expect(overlapping(boxes)).toEqual([])
  }).toPass({ timeout: 3000 })
}

test('no two markers overlap at any zoom the map offers', async ({ page, newUser, seededApp }) => {
  test.setTimeout(180_000)
  const owner = await newUser('pins', 'Pin Owner')
  const homes = await insertHomes(seededApp, owner)
  await keepLeafletMap(page)
  await page.goto(`/search?q=${street}`)
  await expect(page.getByText(`${homes.length} homes`, { exact: true })).toBeVisible()

  // Fitted to the three cities: Lyon's crowd is a badge, and pressing it goes closer in.
  await expect.poll(() => listingsOnMap(page)).toBe(homes.length)
  const { zoom: fitted } = await zoomRange(page)
  await expectNoOverlap(page)
  const badge = mapOf(page).getByRole('button', { name: /^\d+ listings: zoom in$/ })
  await badge.first().focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await zoomRange(page)).zoom).toBeGreaterThan(fitted)

  // Every zoom from the whole world to the closest, around the listings at one point.
  const { min, max } = await zoomRange(page)
  for (let zoom = min; zoom <= max; zoom++) {
    await zoomTo(page, zoom, lyon)
    expect(await showsItsView(page), `listings in view at zoom ${zoom}`).toBeGreaterThan(0)
    await expectNoOverlap(page)
  }
  // At the closest zoom the listings at one point are still one badge, that lists them.
  expect(await markerNames(page)).toContain(placeName(atOnePoint))
  expect(await markerNames(page)).not.toContain(badgeName(atOnePoint))
})

test('listings at one point open as a list of them', async ({ page, newUser, seededApp }) => {
  const owner = await newUser('place', 'Place Owner')
  const homes = (await insertHomes(seededApp, owner)).slice(0, atOnePoint)
  const reads = recordMapReads(page)
  await page.goto(`/search?q=${encodeURIComponent(`${street} ${court}`)}`)
  await mapShowsLatest(page, reads)
  const place = mapOf(page).getByRole('button', { name: placeName(atOnePoint), exact: true })
  await expect(place).toBeVisible()
  await expect(place.getByText(String(atOnePoint), { exact: true })).toBeVisible()

  // From the keyboard: the list takes the focus, names each home with its price and links to it.
  await place.focus()
  await page.keyboard.press('Enter')
  const list = mapOf(page).getByRole('list', { name: `${atOnePoint} homes here` })
  await expect(list.getByRole('link')).toHaveCount(atOnePoint)
  for (const home of homes) {
    const link = list.getByRole('link', { name: home.name })
    await expect(link).toContainText(`$${formatPrice(home.price)}`)
    await expect(link).toHaveAttribute('href', `/category/${home.type}/${home.id}`)
  }
  await expect(list.getByRole('link').first()).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(list).toHaveCount(0)
  await expect(place).toBeFocused()

  // With the mouse: a click opens it, and a home's link leads to its page.
  await place.click()
  const last = homes.at(-1)!
  await list.getByRole('link', { name: last.name }).click()
  await expect(page).toHaveURL(`/category/${last.type}/${last.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(last.name)
})
