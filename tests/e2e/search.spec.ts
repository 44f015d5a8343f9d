// The search page: from Explore's box, the filters in a sheet on a phone and in a bar on
// a desktop, the sort, Load More, the URL that holds it all (shared, reloaded, gone back to), the
// empty state that names what to loosen, and the Filter links of Category and Offers. What the
// screens show is compared with a filter of every listing done here, so a filter the server ignored
// would show listings that must not be there.
import type { Locator, Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import { effectivePrice, type Listing } from '../../src/shared/listing'
import { axeViolations } from '../support/e2e/axe'
import { allListingsFromApi, emptyServer, expect, test } from '../support/e2e/fixtures'

const desktop = { width: 1440, height: 900 }

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true })
const cards = (page: Page) => results(page).getByRole('listitem')
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ })
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' })
const homes = (count: number) => (count === 1 ? '1 home' : `${formatPrice(count)} homes`)

const newestFirst = (a: Listing, b: Listing) => b.timestamp.localeCompare(a.timestamp)
const cardPath = (listing: Listing) => `/category/${listing.type}/${listing.id}`

/** The card links on screen, once there are `count` of them. */
async function cardPaths(page: Page, count: number): Promise<string[]> {
  await expect(cards(page)).toHaveCount(count)
  return cards(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
}

/** Presses Load More until it is gone: every result is then on screen. */
async function loadAll(page: Page, total: number) {
  const loadMore = page.getByRole('button', { name: 'Load More' })
  for (let shown = Math.min(10, total); shown < total; shown = Math.min(shown + 10, total)) {
    await expect(cards(page)).toHaveCount(shown)
    await loadMore.click()
  }
  await expect(cards(page)).toHaveCount(total)
  // The spec's states: Load More stays until a fetch brings nothing.
  if (await loadMore.isVisible()) await loadMore.click()
  await expect(loadMore).toHaveCount(0)
}

/** Opens the phone's sheet, sets what `fill` sets, and applies it. */
/** A tab of 'Rent or buy', above the filters. */
const typeTab = (page: Page, name: 'Rent' | 'Buy' | 'Any') =>
  page.getByRole('group', { name: 'Rent or buy' }).getByRole('button', { name, exact: true })

async function applyInSheet(page: Page, fill: (sheet: Locator) => Promise<void>) {
  await filtersButton(page).click()
  await expect(sheet(page)).toBeVisible()
  await fill(sheet(page))
  await sheet(page).getByRole('button', { name: 'Apply filters' }).click()
  await expect(sheet(page)).toHaveCount(0)
}

test.describe('search', () => {
  test('the search box on Explore opens /search with the text, and finds only what matches', async ({
    page,
  }) => {
    const all = await allListingsFromApi(page)
    const paris = all.filter((listing) => /\bparis/i.test(`${listing.name} ${listing.location}`))
    const elsewhere = all.find((listing) => !paris.includes(listing))!
    expect(paris.length).toBeGreaterThan(0)
    expect(elsewhere).toBeDefined()

    await page.goto('/')
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search homes' })
    await box.fill('PARIS')
    await box.press('Enter')
    await expect(page).toHaveURL('/search?q=PARIS')
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Search | House Marketplace')
    await expect(page.getByRole('combobox', { name: 'Search homes' })).toHaveValue('PARIS')
    await expect(page.getByText(homes(paris.length), { exact: true })).toBeVisible()

    await loadAll(page, paris.length)
    expect(await cardPaths(page, paris.length)).toEqual(paris.sort(newestFirst).map(cardPath))
    await expect(page.locator(`a[href="${cardPath(elsewhere)}"]`)).toHaveCount(0)
  })

  test('an empty search box opens every home', async ({ page }) => {
    const all = await allListingsFromApi(page)
    await page.goto('/')
    await page.getByRole('combobox', { name: 'Search homes' }).press('Enter')
    await expect(page).toHaveURL('/search')
    await expect(page.getByText(homes(all.length), { exact: true })).toBeVisible()
  })

  test('the filters sheet narrows the results to what it says, and counts its filters', async ({
    page,
  }) => {
    const all = await allListingsFromApi(page)
    const wanted = all.filter(
      (listing) =>
        listing.type === 'rent' &&
        listing.bedrooms >= 2 &&
        effectivePrice(listing) >= 1000 &&
        effectivePrice(listing) <= 4000,
    )
    const unwanted = all.filter((listing) => !wanted.includes(listing))
    expect(wanted.length).toBeGreaterThan(0)

    await page.goto('/search')
    await expect(page.getByText(homes(all.length), { exact: true })).toBeVisible()
    await typeTab(page, 'Rent').click()
    await expect(page).toHaveURL('/search?type=rent')
    await applyInSheet(page, async (filters) => {
      await filters.getByLabel('Min price').fill('1,000')
      await filters.getByLabel('Max price').fill('4000')
      await filters.getByLabel('Bedrooms').selectOption({ label: '2+ beds' })
    })
    await expect(page).toHaveURL('/search?type=rent&minPrice=1000&maxPrice=4000&minBedrooms=2')
    // Focus goes back to the button that opened the sheet, which now counts three filters.
    await expect(filtersButton(page)).toBeFocused()
    await expect(filtersButton(page)).toHaveAccessibleName('Filters 3 active')
    await expect(page.getByText(homes(wanted.length), { exact: true })).toBeVisible()

    await loadAll(page, wanted.length)
    expect(await cardPaths(page, wanted.length)).toEqual(wanted.sort(newestFirst).map(cardPath))
    for (const listing of unwanted.slice(0, 5)) {
      await expect(page.locator(`a[href="${cardPath(listing)}"]`)).toHaveCount(0)
    }
    const chips = page.getByRole('list', { name: 'Active filters' })
    await expect(chips.getByRole('link')).toHaveText([
      'For rent',
      '$1,000 – $4,000',
      '2+ bedrooms',
      'Clear all',
    ])
  })

  test('checks the prices before it applies them', async ({ page }) => {
    await page.goto('/search?type=rent')
    await filtersButton(page).click()
    const filters = sheet(page)
    await filters.getByLabel('Min price').fill('5000')
    await filters.getByLabel('Max price').fill('100')
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(filters.getByLabel('Min price')).toBeFocused()
    await expect(filters.getByLabel('Min price')).toHaveAccessibleDescription(
      'The min price is above the max price',
    )
    await filters.getByLabel('Max price').fill('99.5')
    await filters.getByLabel('Min price').fill('')
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(filters.getByLabel('Max price')).toHaveAccessibleDescription(
      'Enter whole dollars, like 1500',
    )
    await expect(page).toHaveURL('/search?type=rent')
  })

  test('sorts by price both ways, and Load More keeps the order across pages', async ({ page }) => {
    const all = (await allListingsFromApi(page)).filter((listing) => listing.type === 'sale')
    expect(all.length).toBeGreaterThan(10)
    const priceOf = new Map(all.map((listing) => [cardPath(listing), effectivePrice(listing)]))
    const prices = [...priceOf.values()]

    await page.goto('/search?type=sale')
    const sort = page.getByRole('combobox', { name: 'Sort' })
    await expect(sort).toHaveValue('newest')
    for (const [label, value, order] of [
      ['Price (low to high)', 'price-asc', (a: number, b: number) => a - b],
      ['Price (high to low)', 'price-desc', (a: number, b: number) => b - a],
    ] as const) {
      await sort.selectOption({ label })
      await expect(page).toHaveURL(`/search?type=sale&sort=${value}`)
      await loadAll(page, all.length)
      const shown = await cards(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
      expect(new Set(shown)).toEqual(new Set(priceOf.keys()))
      expect(shown.map((path) => priceOf.get(path))).toEqual([...prices].sort(order))
    }
  })

  test('a search is a link: a reload shows it again, and Back goes to the search before', async ({
    page,
  }) => {
    const all = await allListingsFromApi(page)
    const rentals = (minBedrooms: number) =>
      all.filter((listing) => listing.type === 'rent' && listing.bedrooms >= minBedrooms)
    const threeBedrooms = rentals(3)
    const fourBedrooms = rentals(4)
    expect(threeBedrooms.length).toBeGreaterThan(fourBedrooms.length)

    await page.goto('/search?type=rent&minBedrooms=3')
    await expect(page.getByText(homes(threeBedrooms.length), { exact: true })).toBeVisible()
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price-desc')
    await expect(page).toHaveURL('/search?type=rent&minBedrooms=3&sort=price-desc')
    await applyInSheet(page, async (filters) => {
      await filters.getByLabel('Bedrooms').selectOption({ label: '4+ beds' })
    })
    const fourUrl = '/search?type=rent&minBedrooms=4&sort=price-desc'
    await expect(page).toHaveURL(fourUrl)
    await expect(page.getByText(homes(fourBedrooms.length), { exact: true })).toBeVisible()

    // Shared: the link alone, in a new page, is the same search.
    const shared = await page.context().newPage()
    await shared.goto(fourUrl)
    await expect(shared.getByText(homes(fourBedrooms.length), { exact: true })).toBeVisible()
    await expect(shared.getByRole('combobox', { name: 'Sort' })).toHaveValue('price-desc')
    await expect(shared.getByRole('link', { name: 'Remove 4+ bedrooms' })).toBeVisible()
    await shared.close()

    await page.reload()
    await expect(page.getByText(homes(fourBedrooms.length), { exact: true })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price-desc')

    await page.goBack()
    await expect(page).toHaveURL('/search?type=rent&minBedrooms=3&sort=price-desc')
    await expect(page.getByText(homes(threeBedrooms.length), { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Remove 3+ bedrooms' })).toBeVisible()
    await filtersButton(page).click()
    await expect(sheet(page).getByLabel('Bedrooms')).toHaveValue('3')
    await page.keyboard.press('Escape')
    await expect(sheet(page)).toHaveCount(0)
    await expect(filtersButton(page)).toBeFocused()

    await page.goBack()
    await expect(page).toHaveURL('/search?type=rent&minBedrooms=3')
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest')
  })

  test('a link with bad values shows the rest of the search, without an error', async ({
    page,
  }) => {
    const rentals = (await allListingsFromApi(page)).filter((listing) => listing.type === 'rent')
    await page.goto('/search?type=rent&minPrice=cheap&minBedrooms=0&bbox=1,2&sort=best')
    await expect(page.getByText(homes(rentals.length), { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Remove For rent' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('no result names the filters to loosen, and each link removes its own', async ({ page }) => {
    const sales = (await allListingsFromApi(page)).filter((listing) => listing.type === 'sale')
    await page.goto('/search?type=sale&maxPrice=1')
    await expect(page.getByText('No homes match this search')).toBeVisible()
    await expect(page.getByText('No homes', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0)
    const loosen = results(page).getByRole('link')
    await expect(loosen).toHaveText(['Remove For sale', 'Remove Up to $1', 'Clear all filters'])
    await results(page).getByRole('link', { name: 'Remove Up to $1' }).click()
    await expect(page).toHaveURL('/search?type=sale')
    await expect(page.getByText(homes(sales.length), { exact: true })).toBeVisible()
    await page.goBack()
    await expect(page.getByText('No homes match this search')).toBeVisible()
  })

  test('with no homes at all, says so and offers to add one', async ({ page }) => {
    await page.goto(emptyServer + '/search')
    await expect(page.getByText('No homes yet')).toBeVisible()
    await expect(results(page).getByRole('link', { name: 'Sell or rent your home' })).toBeVisible()
  })

  test('a phone shows the list or the map, and the choice is in the URL', async ({ page }) => {
    await page.goto('/search?type=rent')
    const list = page.getByRole('button', { name: 'List', exact: true })
    const map = page.getByRole('button', { name: 'Map', exact: true })
    await expect(list).toHaveAttribute('aria-pressed', 'true')
    await expect(cards(page).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Map of the results' })).toHaveCount(0)
    await map.click()
    await expect(page).toHaveURL('/search?type=rent&view=map')
    await expect(map).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('region', { name: 'Map of the results' })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
    await page.goBack()
    await expect(cards(page).first()).toBeVisible()
  })

  test('a desktop shows the filter bar, the list and the map side by side', async ({ page }) => {
    const all = await allListingsFromApi(page)
    const furnished = all.filter((listing) => listing.furnished)
    await page.setViewportSize(desktop)
    await page.goto('/search')
    await expect(filtersButton(page)).toHaveCount(0)
    const bar = page.getByRole('form', { name: 'Filters' })
    await expect(bar).toBeVisible()
    const map = page.getByRole('region', { name: 'Map of the results' })
    await expect(map).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    const listBox = (await results(page).boundingBox())!
    const mapBox = (await map.boundingBox())!
    expect(mapBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width)
    expect(mapBox.y).toBeLessThan(listBox.y + 50)

    await bar.getByLabel('Furnished').check()
    await bar.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL('/search?furnished=true')
    await expect(page.getByText(homes(furnished.length), { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Remove Furnished' }).click()
    await expect(page).toHaveURL('/search')
    await expect(bar.getByLabel('Furnished')).not.toBeChecked()
  })

  test('asks Rent or Buy first, and offers prices and the price sort once one is chosen', async ({
    page,
  }) => {
    // A link made before the tabs, sorted by price without a type: still served, as it says.
    await page.goto('/search?sort=price-asc')
    await expect(typeTab(page, 'Any')).toHaveAttribute('aria-pressed', 'true')
    await expect(cards(page).first()).toBeVisible()
    const sort = page.getByRole('combobox', { name: 'Sort' })
    await expect(sort).toHaveValue('price-asc')
    await filtersButton(page).click()
    await expect(sheet(page).getByLabel('Min price')).toHaveCount(0)
    await expect(sheet(page).getByText('Choose Rent or Buy to filter by price.')).toBeVisible()
    await page.keyboard.press('Escape')

    // Without a type the price sorts are not offered; with one they are, and the prices too.
    await typeTab(page, 'Any').click()
    await expect(page).toHaveURL('/search')
    await expect(sort.getByRole('option')).toHaveText(['Newest'])
    await typeTab(page, 'Buy').click()
    await expect(page).toHaveURL('/search?type=sale')
    await expect(typeTab(page, 'Buy')).toHaveAttribute('aria-pressed', 'true')
    await expect(sort.getByRole('option')).toHaveText([
      'Newest',
      'Price (low to high)',
      'Price (high to low)',
    ])
    await applyInSheet(page, async (filters) => {
      await filters.getByLabel('Min price').fill('100000')
    })
    await expect(page).toHaveURL('/search?type=sale&minPrice=100000')
    // Another type's prices mean nothing: Rent drops them.
    await typeTab(page, 'Rent').click()
    await expect(page).toHaveURL('/search?type=rent')
  })

  test('Category and Offers open the search with their own filter', async ({ page }) => {
    const all = await allListingsFromApi(page)
    const offers = all.filter((listing) => listing.offer)

    await page.goto('/category/rent')
    await expect(page.getByRole('heading', { name: 'Places for rent', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Filter', exact: true }).click()
    await expect(page).toHaveURL('/search?type=rent')
    await expect(page.getByRole('link', { name: 'Remove For rent' })).toBeVisible()
    await expect(typeTab(page, 'Rent')).toHaveAttribute('aria-pressed', 'true')

    await page.goto('/category/sale')
    await page.getByRole('link', { name: 'Filter', exact: true }).click()
    await expect(page).toHaveURL('/search?type=sale')

    await page.goto('/offers')
    await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Filter', exact: true }).click()
    await expect(page).toHaveURL('/search?offer=true')
    await expect(page.getByText(homes(offers.length), { exact: true })).toBeVisible()

    await page.goto('/category/castles')
    await expect(page.getByText('No listings for castles')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Filter', exact: true })).toHaveCount(0)
  })

  test('the page reads the same to axe with results, the sheet open, no result, and on a desktop', async ({
    page,
  }) => {
    const settled = async () => {
      await expect(page.getByText(/^(\d[\d,]* homes?|No homes)$/)).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    }
    await page.goto('/search?type=rent&minBedrooms=2')
    await settled()
    expect(await axeViolations(page)).toEqual([])

    await filtersButton(page).click()
    await expect(sheet(page)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.goto('/search?type=sale&maxPrice=1')
    await settled()
    expect(await axeViolations(page)).toEqual([])

    await page.setViewportSize(desktop)
    await page.goto('/search?q=paris')
    await settled()
    await expect(page.getByRole('region', { name: 'Map of the results' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

test('the search page breaks no rule of the Content-Security-Policy and logs no error', async ({
  page,
}) => {
  // A violation is reported to the page whether or not the code that caused it caught the throw.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { violations: string[] }).violations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
    )
  })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/search?type=rent&minPrice=100')
  await expect(cards(page).first()).toBeVisible()
  // Another search, loaded afresh.
  await page.goto('/search?type=sale&sort=price-asc')
  await expect(cards(page).first()).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([])
  expect(errors).toEqual([])
})
