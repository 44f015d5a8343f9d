// Owners' statistics: an owner opens their listing's Statistics from its page and from Profile;
// visitors (each their own browser, told apart by the browser's name) open the listing, and the
// owner's figures go up by one each, however often a visitor comes back that day. The screen
// reads the same without scripts, and is no page for anyone but the owner.
import type { Locator, Page } from '@playwright/test'
import { listingStatsPath, type ListingStats } from '../../src/shared/listing-stats'
import { listingPagePath } from '../../src/shared/screens'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, seededServer, signedInPage, signIn, test } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

/** Browsers of different names: the server counts a visitor once a day by address and browser. */
const visitorAgents = [1, 2, 3].map(
  (visitor) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Visitor/${visitor}`,
)

/** Both layouts of the page as it stands, kept for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true })
  }
}

/** Today's row of the table of days (newest first): its date, then each count. */
const todayRow = (page: Page) =>
  page
    .getByRole('table', { name: /^Each of the last \d+ days, newest first$/ })
    .getByRole('row')
    .nth(1)

const todayViews = (page: Page): Locator => todayRow(page).getByRole('cell').first()

test('an owner sees the views of their listing go up as visitors open it', async ({
  page,
  browser,
  account,
  listingOf,
}) => {
  const listing = await listingOf(account, { name: 'Counted Cottage by the Lake' })
  const listingPage = listingPagePath(listing)
  await page.setViewportSize(phone)

  // From the listing's page, where the owner's own visit is not counted.
  await page.goto(listingPage)
  await page.getByRole('link', { name: 'Statistics' }).click()
  await expect(page).toHaveURL(listingStatsPath(listing.id))
  await expect(page).toHaveTitle(`Statistics: ${listing.name} | House Marketplace`)
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible()
  await expect(page.getByRole('link', { name: listing.name })).toHaveAttribute('href', listingPage)
  await expect(page.getByRole('heading', { name: 'The last 30 days' })).toBeVisible()
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(todayViews(page)).toHaveText('0')
  await expect(page.getByRole('img', { name: /over the last 30 days: 0 views;/ })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // Three visitors open the listing, and the first comes back; then a fourth opens another listing
  // of the owner's, after all of them.
  const sentinel = await listingOf(account, { name: 'Cabin Opened Last of All' })
  const visits = [...visitorAgents.map((agent) => [agent, listing] as const)]
  visits.push([visitorAgents[0]!, listing], [`${visitorAgents[0]} Later/4`, sentinel])
  for (const [userAgent, opened] of visits) {
    const context = await browser.newContext({ baseURL: seededServer, userAgent })
    const visitor = await context.newPage()
    await visitor.goto(listingPagePath(opened))
    await expect(visitor.getByRole('heading', { level: 1 })).toContainText(opened.name)
    await context.close()
  }

  // The server writes the views in batches: the owner reloads until they are in.
  await expect
    .poll(
      async () => {
        await page.reload()
        return todayViews(page).textContent()
      },
      { message: 'today’s views in the table', timeout: 20_000 },
    )
    .toBe('3')
  // Once the last visit is written, all before it are: the visitor who came back counted once.
  await expect
    .poll(
      async () => {
        const stats = await page.request.get(`/api/listings/${sentinel.id}/stats?days=1`)
        return ((await stats.json()) as ListingStats).totals.views
      },
      { message: 'the last visit, written', timeout: 20_000 },
    )
    .toBe(1)
  await page.reload()
  await expect(todayViews(page)).toHaveText('3')
  // The views' card, first of the totals.
  await expect(page.getByRole('definition').first()).toHaveText('3')
  await expect(
    page.getByRole('img', { name: /over the last 30 days: 3 views, most on / }),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await screenshots(page, 'listing-stats')

  // Another period: the address keeps it, and the table has its days.
  await page.setViewportSize(desktop)
  await page.getByRole('button', { name: '7 days' }).click()
  await expect(page).toHaveURL(`${listingStatsPath(listing.id)}?days=7`)
  await expect(page.getByRole('heading', { name: 'The last 7 days' })).toBeVisible()
  const week = page.getByRole('table', { name: 'Each of the last 7 days, newest first' })
  // A heading row, the days and the totals.
  await expect(week.getByRole('row')).toHaveCount(9)
  await expect(todayViews(page)).toHaveText('3')
  expect(await axeViolations(page)).toEqual([])

  // Profile's card of the listing says so too, and leads back here.
  await page.goto('/profile')
  const card = page.getByRole('listitem').filter({ hasText: listing.name })
  await expect(card.getByText('3 views this week')).toBeVisible()
  await card.getByRole('link', { name: 'Statistics' }).click()
  await expect(page).toHaveURL(listingStatsPath(listing.id))
  await expect(todayViews(page)).toHaveText('3')
})

test('the statistics read the same without scripts, from the server', async ({
  browser,
  account,
  listingOf,
  seededApp,
}) => {
  const listing = await listingOf(account, { name: 'Quiet Cottage Without Scripts' })
  const context = await browser.newContext({
    baseURL: seededServer,
    javaScriptEnabled: false,
    viewport: phone,
  })
  await signIn(seededApp, context, account)
  const page = await context.newPage()
  const response = await page.goto(listingStatsPath(listing.id))
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible()
  await expect(page.getByRole('link', { name: listing.name })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Each of the last 30 days, newest first' }).getByRole('row'),
  ).toHaveCount(32)
  await expect(page.getByRole('img', { name: /^Views and actions per day/ })).toBeVisible()
  await context.close()
})

test('the statistics are no page for anyone but the owner', async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  const owner = await newUser('owner', 'Olive Owner')
  const listing = await listingOf(owner, { name: 'Private Figures Bungalow' })
  const path = listingStatsPath(listing.id)

  // Not signed in: sent to sign in, as on any signed-in screen.
  allowConsoleErrors(page, /status of 404/)
  await page.setViewportSize(phone)
  expect((await page.request.get(`/api/listings/${listing.id}/stats`)).status()).toBe(401)
  await page.goto(path)
  await expect(page).toHaveURL(/\/sign-in$/)

  // Someone else: no such listing.
  const other = await newUser('other', 'Oscar Other')
  const otherPage = await signedInPage(browser, seededApp, other)
  allowConsoleErrors(otherPage, /status of 404/)
  expect((await otherPage.request.get(`/api/listings/${listing.id}/stats`)).status()).toBe(404)
  await otherPage.goto(path)
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible()
  await expect(
    otherPage.getByText('We could not find this listing.', { exact: false }),
  ).toBeVisible()
  // Nor a Statistics link on the listing's page.
  await otherPage.goto(listingPagePath(listing))
  await expect(otherPage.getByRole('heading', { level: 1 })).toContainText(listing.name)
  await expect(otherPage.getByRole('link', { name: 'Statistics' })).toHaveCount(0)
  await otherPage.context().close()
})
