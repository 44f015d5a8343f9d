// Places as the visitor types: the search box suggests them, one chosen searches its homes, shows
// as a chip and fits the map to its box; the address holds it, so a reload keeps it. What the
// screens show is compared with the API and with the places' own points, so a place the server
// ignored would show homes far from it.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import { kmBetween } from '../../src/shared/geolocation'
import type { Listing } from '../../src/shared/listing'
import type { Bbox } from '../../src/shared/listing-requests'
import type { Place } from '../../src/client/features/search/api/places'
import { axeViolations } from '../support/e2e/axe'
import { allListingsFromApi, expect, listingsFromApi, test } from '../support/e2e/fixtures'
import { keepLeafletMap, leafletView } from '../support/e2e/leaflet-map'
import { mapOf } from '../support/e2e/search-map'

const desktop = { width: 1440, height: 900 }
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** How far from its point a home may be and still belong to a place: the places' own reach. */
const placeReachKm = 50

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true })
const cards = (page: Page) => results(page).getByRole('listitem')
const box = (page: Page) => page.getByRole('combobox', { name: 'Search homes' })
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' })
const homes = (count: number) => (count === 1 ? '1 home' : `${formatPrice(count)} homes`)
const cardPath = (listing: Listing) => `/category/${listing.type}/${listing.id}`

/** London, England, as GET /api/places says it, and the homes the API finds there. */
async function londonFromApi(page: Page) {
  const response = await page.request.get('/api/places?q=lon')
  expect(response.ok()).toBe(true)
  const { items } = (await response.json()) as { items: Place[] }
  const london = items.find((place) => place.name === 'London' && place.region === 'England')
  expect(london, 'London, England among the places of "lon"').toBeDefined()
  const inLondon = await listingsFromApi(page, `place=${london!.id}&limit=50`)
  expect(inLondon.length).toBeGreaterThan(0)
  expect(inLondon.length).toBeLessThan(50)
  return { places: items, london: london!, inLondon }
}

const edgesOf = ({ bbox: [west, south, east, north] }: Place): Bbox => ({
  west,
  south,
  east,
  north,
})

/** The map shows the place's box: all of it, and not much more along one of its sides. */
async function expectMapOn(page: Page, place: Place) {
  const box = edgesOf(place)
  await expect(async () => {
    const view = await leafletView(page)
    expect(view).not.toBeNull()
    const { edges } = view!
    const slack = 1e-6
    expect(edges.west).toBeLessThanOrEqual(box.west + slack)
    expect(edges.south).toBeLessThanOrEqual(box.south + slack)
    expect(edges.east).toBeGreaterThanOrEqual(box.east - slack)
    expect(edges.north).toBeGreaterThanOrEqual(box.north - slack)
    // Leaflet's zooms are whole steps: the side it fits to is at most twice the box's.
    const fitted = Math.min(
      (edges.east - edges.west) / (box.east - box.west),
      (edges.north - edges.south) / (box.north - box.south),
    )
    expect(fitted).toBeLessThanOrEqual(2)
  }).toPass()
}

test.describe('places', () => {
  test.use({ viewport: desktop })

  test('a place chosen with the keys searches its homes, fits the map and survives a reload', async ({
    page,
  }) => {
    const { places, london, inLondon } = await londonFromApi(page)
    // The homes of the place are those near it, and there are others elsewhere to leave out.
    for (const listing of inLondon)
      expect(kmBetween(listing.geolocation, london)).toBeLessThan(placeReachKm)
    const all = await allListingsFromApi(page)
    expect(all.length).toBeGreaterThan(inLondon.length)
    const newestFirst = [...inLondon].sort((a, b) => b.timestamp.localeCompare(a.timestamp))

    await keepLeafletMap(page)
    await page.goto('/search')
    await expect(page.getByText(homes(all.length), { exact: true })).toBeVisible()
    await expect(mapOf(page)).toBeVisible()
    await expect.poll(async () => (await leafletView(page))?.zoom).toBeDefined()
    const before = (await leafletView(page))!

    await box(page).pressSequentially('lon')
    const listbox = page.getByRole('listbox', { name: 'Places' })
    const option = listbox.getByRole('option', { name: /^London, England, United Kingdom, / })
    await expect(option).toBeVisible()
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('status').filter({ hasText: /found$/ })).toHaveText(
      `${places.length} ${places.length === 1 ? 'place' : 'places'} found`,
    )
    expect(await axeViolations(page)).toEqual([])

    // Down the list to London, England, then Enter.
    for (let step = 0; step < places.length; step++) {
      if ((await option.getAttribute('aria-selected')) === 'true') break
      await box(page).press('ArrowDown')
    }
    await expect(box(page)).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!,
    )
    await box(page).press('Enter')

    await expect(page).toHaveURL(`/search?place=${london.id}`)
    await expect(listbox).toBeHidden()
    const chip = chips(page).getByRole('link', { name: 'Remove London, England' })
    await expect(chip).toBeVisible()
    await expect(page.getByText(homes(inLondon.length), { exact: true })).toBeVisible()
    await expect(cards(page)).toHaveCount(Math.min(10, inLondon.length))
    const shown = await cards(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
    expect(shown).toEqual(newestFirst.slice(0, 10).map(cardPath))
    await expectMapOn(page, london)
    expect((await leafletView(page))!.zoom).toBeGreaterThan(before.zoom)
    expect(await axeViolations(page)).toEqual([])

    // The address is the search: a reload shows the same place, its homes and its box.
    await page.reload()
    await expect(page).toHaveURL(`/search?place=${london.id}`)
    await expect(chip).toBeVisible()
    await expect(page.getByText(homes(inLondon.length), { exact: true })).toBeVisible()
    await expectMapOn(page, london)

    await chip.click()
    await expect(page).toHaveURL('/search')
    await expect(chip).toHaveCount(0)
    await expect(page.getByText(homes(all.length), { exact: true })).toBeVisible()
  })

  test('Enter on the text alone still searches its words, and Escape closes then clears', async ({
    page,
  }) => {
    await page.goto('/search')
    await box(page).pressSequentially('lon')
    const listbox = page.getByRole('listbox', { name: 'Places' })
    await expect(listbox.getByRole('option').first()).toBeVisible()
    await box(page).press('Escape')
    await expect(listbox).toBeHidden()
    await expect(box(page)).toHaveValue('lon')
    await box(page).press('Escape')
    await expect(box(page)).toHaveValue('')

    await box(page).pressSequentially('london')
    await expect(listbox.getByRole('option').first()).toBeVisible()
    await box(page).press('Enter')
    await expect(page).toHaveURL('/search?q=london')
    await expect(chips(page).getByRole('link', { name: 'Remove “london”' })).toBeVisible()
  })
})

test.describe('places on a phone', () => {
  test.use(phone)

  test("Explore's box lists the places over the page, each a thumb's height, and opens one", async ({
    page,
  }) => {
    const { london, inLondon } = await londonFromApi(page)
    await page.goto('/')
    const categories = page.getByRole('heading', { name: 'Categories' })
    await expect(categories).toBeVisible()
    const below = (await categories.boundingBox())!

    await box(page).pressSequentially('lon')
    const options = page.getByRole('listbox', { name: 'Places' }).getByRole('option')
    const option = options.filter({ hasText: 'England, United Kingdom' }).first()
    await expect(option).toBeVisible()
    // The list lies over the page: what is under it has not moved.
    expect(await categories.boundingBox()).toEqual(below)
    for (const height of await options.evaluateAll((all) =>
      all.map((element) => element.getBoundingClientRect().height),
    )) {
      expect(height).toBeGreaterThanOrEqual(44)
    }
    expect(await axeViolations(page)).toEqual([])

    await option.tap()
    await expect(page).toHaveURL(`/search?place=${london.id}`)
    await expect(chips(page).getByRole('link', { name: 'Remove London, England' })).toBeVisible()
    await expect(page.getByText(homes(inLondon.length), { exact: true })).toBeVisible()
  })
})
