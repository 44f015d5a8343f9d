// Reports and moderation: a signed-in visitor reports a demo listing from its page (a visitor not
// signed in is sent to sign in first). A moderator finds a reported listing on /moderation with its
// report, hides it with a reason; visitors then find no such listing, its owner reads the reason on
// its page, and the moderator shows it again from 'Hidden'. /moderation is no page for anyone else.
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import type { Listing } from '../../src/shared/listing'
import type { ModerationList } from '../../src/shared/report'
import { listingPagePath } from '../../src/shared/screens'
import type { AppContext } from '../../src/server/app'
import { demoAccount, toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors, listingsFromApi } from '../support/e2e/fixtures'
import type { ImageFile } from '../support/e2e/images'
import { expect, seededServer, signedInPage, signIn, test } from '../support/e2e/session'
import { moderatorAccount } from '../support/e2e/moderator'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

/**
 * Both layouts of what the page shows now, kept for a person to look at: the window with `top` at
 * its top (other journeys' listings may make the list long), else the whole page.
 */
async function screenshots(page: Page, name: string, top?: Locator) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport)
    await top?.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await page.screenshot({
      path: test.info().outputPath(`${name}-${size}.png`),
      fullPage: !top,
    })
  }
}

/**
 * A picture of a house, its colours and place set by `variant`. Each differs from the others and
 * from the plain pictures other journeys upload, which the server would take for copies of each
 * other (its photo check compares their shapes).
 */
async function housePhoto(name: string, variant: number): Promise<ImageFile> {
  const hue = (variant * 47) % 360
  const x = 30 + ((variant * 83) % 260)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,72%)"/><stop offset="1" stop-color="hsl(${hue},40%,92%)"/>
    </linearGradient></defs>
    <rect width="480" height="360" fill="url(#sky)"/>
    <rect y="285" width="480" height="75" fill="hsl(100,35%,45%)"/>
    <rect x="${x}" y="170" width="160" height="120" fill="hsl(${(hue + 180) % 360},45%,62%)"/>
    <polygon points="${x - 15},170 ${x + 80},${90 + (variant % 3) * 15} ${x + 175},170" fill="hsl(10,50%,40%)"/>
    <rect x="${x + 60}" y="225" width="40" height="65" fill="#5b3a29"/>
    <rect x="${x + 15}" y="190" width="30" height="25" fill="#e8f1f8"/>
  </svg>`
  const buffer = await sharp(Buffer.from(svg)).jpeg().toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

/** What the console of a page other than the test's own complains of (the fixture checks that one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The newest listing of the demo account, which the seeded server makes. */
async function demoListing(page: Page, app: AppContext): Promise<Listing> {
  const demo = await app.db.kysely
    .selectFrom('user')
    .select('id')
    .where('email', '=', demoAccount.email)
    .executeTakeFirstOrThrow()
  const [listing] = await listingsFromApi(page, `userRef=${demo.id}&limit=1`)
  expect(listing, 'the demo account owns seeded listings').toBeDefined()
  return listing!
}

test('a visitor signs in to report a demo listing, and it reads Reported once sent', async ({
  page,
  browser,
  newUser,
  seededApp,
}) => {
  const listing = await demoListing(page, seededApp)
  const listingPage = listingPagePath(listing)
  await page.setViewportSize(phone)

  // Not signed in: sent to sign in, told why.
  await page.goto(listingPage)
  await page.getByRole('button', { name: 'Report this listing' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(
    page.getByText('Sign in to report this listing: you will come back to it'),
  ).toBeVisible()

  // Signed in, back on the listing as the sign-in page sends them: the dialog is open.
  const reporter = await newUser('reporter', 'Rita Reporter')
  await signIn(seededApp, page.context(), reporter)
  await page.goto(`${listingPage}#report-listing`)
  const dialog = page.getByRole('dialog', { name: 'Report this listing' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio')).toHaveCount(6)
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByText('Choose why you are reporting this listing')).toBeVisible()

  await dialog.getByRole('radio', { name: 'Wrong information' }).check()
  const details = 'The address is in another town.'
  await dialog.getByLabel('Details (optional)').fill(details)
  await expect(dialog.getByText(`${details.length} / 1,000`)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await screenshots(page, 'report-dialog', dialog)

  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(toastWith(page, 'Thanks: a moderator will look at this listing')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  const reported = page.getByRole('button', { name: 'Reported' })
  await expect(reported).toBeDisabled()
  // The mark that opened the dialog is gone: a reload does not open it again.
  await expect(page).toHaveURL(new RegExp(`${listingPage}$`))
  await screenshots(page, 'reported-listing')

  // A new page: the server remembers the report, and says so.
  allowConsoleErrors(page, /status of 409/)
  await page.reload()
  await page.getByRole('button', { name: 'Report this listing' }).click()
  await dialog.getByRole('radio', { name: 'Looks like a scam' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(toastWith(page, 'You have reported this listing already')).toBeVisible()
  await expect(reported).toBeDisabled()

  // The owner is offered no report of their own listing.
  const demo = await signedInPage(browser, seededApp, demoAccount)
  await demo.goto(listingPage)
  await expect(demo.getByRole('link', { name: 'Edit listing' })).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Report this listing' })).toHaveCount(0)
  await demo.context().close()
})

test('a moderator hides a reported listing, its owner reads why, and shows it again', async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  const owner = await newUser('owner', 'Olive Owner')
  const reporter = await newUser('reporter', 'Rita Reporter')
  const name = `Loft ${Date.now().toString(36)}`
  const photos = await Promise.all(
    ['front.jpg', 'living.jpg', 'kitchen.jpg', 'terrace.jpg', 'view.jpg'].map((file, index) =>
      housePhoto(file, index + 1),
    ),
  )
  // The description is one of the facts the seed's type leaves out; the listing's schema takes it.
  const seed = {
    type: 'sale' as const,
    name,
    regularPrice: 420000,
    description:
      'A bright loft under the roofs, with a terrace on the courtyard.\n\n' +
      'Pay the deposit by wire before any visit: the keys come by post.',
    images: photos,
  }
  const listing = await listingOf(owner, seed)
  const studio = `Studio ${Date.now().toString(36)}`
  await listingOf(owner, { name: studio, images: [await housePhoto('studio.jpg', 6)] })
  const listingPage = listingPagePath(listing)
  // Someone else lists the loft's cover as their own: the server reports that listing as a copy.
  const copier = await newUser('copier', 'Cody Copier')
  const copy = await listingOf(copier, { name: `Copied ${name}`, images: [photos[0]!] })

  // The reporter reports it as the listing page does.
  const reporterPage = await signedInPage(browser, seededApp, reporter)
  const details = 'Asks for the deposit by wire before any visit.'
  const report = await reporterPage.request.post(`/api/listings/${listing.id}/reports`, {
    data: { reason: 'scam', details },
    headers: { Origin: seededServer },
  })
  expect(report.status()).toBe(201)

  // /moderation is no page for visitors nor for people who are not moderators.
  expect((await page.request.get('/moderation')).status()).toBe(404)
  expect((await reporterPage.request.get('/moderation')).status()).toBe(404)
  await reporterPage.goto('/moderation')
  await expect(reporterPage.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible()
  await reporterPage.context().close()

  // The moderator finds it with its report, and the copy with the server's.
  const moderatorPage = await signedInPage(browser, seededApp, await moderatorAccount(seededApp))
  const moderatorErrors = consoleErrors(moderatorPage)
  await expect
    .poll(
      async () => {
        const open = await moderatorPage.request.get('/api/moderation/reports?status=open')
        const { items } = (await open.json()) as ModerationList
        return items.find((item) => item.listing.id === copy.id)?.reports[0]?.duplicateOf?.id
      },
      { message: 'the server’s report of the copied photo', timeout: 15_000 },
    )
    .toBe(listing.id)
  const response = await moderatorPage.goto('/moderation')
  expect(response?.status()).toBe(200)
  await expect(moderatorPage).toHaveTitle('Moderation | House Marketplace')
  await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible()
  await expect(moderatorPage.getByRole('button', { name: 'Reported' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const card = moderatorPage.getByRole('article', { name, exact: true })
  await expect(card.getByRole('link', { name, exact: true })).toHaveAttribute('href', listingPage)
  await expect(card.getByRole('heading', { name: '1 report' })).toBeVisible()
  await expect(card.getByText('Looks like a scam')).toBeVisible()
  await expect(card.getByText(details)).toBeVisible()
  await expect(card.getByRole('link', { name: 'Olive Owner' })).toHaveAttribute(
    'href',
    `/users/${owner.id}`,
  )
  await expect(card.getByRole('link', { name: owner.email })).toHaveAttribute(
    'href',
    `mailto:${owner.email}`,
  )
  await expect(card.getByRole('link', { name: /^Studio / })).toBeVisible()
  await expect(card.getByRole('img', { name: /^Photo \d of 5, full size$/ })).toHaveCount(4)
  const copyCard = moderatorPage.getByRole('article', { name: copy.name, exact: true })
  await expect(copyCard.getByText('Copy of another listing')).toBeVisible()
  await expect(copyCard.getByRole('link', { name: `Copy of ${name}` })).toHaveAttribute(
    'href',
    listingPage,
  )
  expect(await axeViolations(moderatorPage)).toEqual([])
  const pageTop = moderatorPage.locator('body')
  await screenshots(moderatorPage, 'moderation-reported', pageTop)
  await screenshots(moderatorPage, 'moderation-reported-card', card)

  // Hidden with a reason the owner reads.
  const reason = 'Asks for money before a visit: write a description without it.'
  await card.getByRole('button', { name: 'Hide' }).click()
  const hideDialog = moderatorPage.getByRole('dialog', { name: 'Hide this listing' })
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click()
  await expect(hideDialog.getByText('Say why: the owner reads it')).toBeVisible()
  await hideDialog.getByLabel('Reason the owner reads').fill(reason)
  await screenshots(moderatorPage, 'moderation-hide-dialog', hideDialog)
  await hideDialog.getByRole('button', { name: 'Hide listing' }).click()
  await expect(toastWith(moderatorPage, 'Listing hidden')).toBeVisible()
  await expect(hideDialog).toHaveCount(0)
  await expect(card).toHaveCount(0)

  // A visitor finds no such listing.
  allowConsoleErrors(page, /status of 404/)
  const visitorResponse = await page.goto(listingPage)
  expect(visitorResponse?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible()

  // Its owner reads why on its page, and cannot put it back themselves.
  const ownerPage = await signedInPage(browser, seededApp, owner)
  await ownerPage.goto(listingPage)
  await expect(ownerPage.getByText(`Hidden by a moderator: ${reason}`)).toBeVisible()
  await expect(ownerPage.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(ownerPage.getByRole('button', { name: 'Mark as sold' })).toHaveCount(0)
  await expect(ownerPage.getByRole('button', { name: 'Put back on the market' })).toHaveCount(0)
  expect(await axeViolations(ownerPage)).toEqual([])
  await screenshots(ownerPage, 'hidden-listing-owner')
  // In Profile, under its own heading, with no status button.
  await ownerPage.goto('/profile')
  const hiddenSection = ownerPage.getByRole('region', { name: 'Hidden by a moderator' })
  const hiddenListing = hiddenSection.getByRole('listitem')
  await expect(hiddenListing).toHaveCount(1)
  await expect(hiddenListing.getByRole('link', { name: new RegExp(name) })).toBeVisible()
  await expect(hiddenListing.getByText('Hidden', { exact: true })).toBeVisible()
  await expect(hiddenListing.getByRole('button', { name: /market|Mark as|Relist/ })).toHaveCount(0)

  // The moderator shows it again from 'Hidden'.
  await moderatorPage.getByRole('button', { name: 'Hidden' }).click()
  await expect(moderatorPage).toHaveURL(/\/moderation\?status=hidden$/)
  const hiddenCard = moderatorPage.getByRole('article', { name, exact: true })
  await expect(hiddenCard.getByText(reason)).toBeVisible()
  await expect(hiddenCard.getByRole('heading', { name: 'No open reports' })).toBeVisible()
  expect(await axeViolations(moderatorPage)).toEqual([])
  await screenshots(moderatorPage, 'moderation-hidden', pageTop)
  await hiddenCard.getByRole('button', { name: 'Show again' }).click()
  await expect(toastWith(moderatorPage, 'Listing shown again')).toBeVisible()
  await expect(hiddenCard).toHaveCount(0)

  // Everyone finds it again.
  const again = await page.goto(listingPage)
  expect(again?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await ownerPage.goto(listingPage)
  await expect(ownerPage.getByRole('button', { name: 'Mark as sold' })).toBeVisible()
  await expect(ownerPage.getByText(/Hidden by a moderator/)).toHaveCount(0)
  // The moderator's page was rendered by the server and hydrated without a complaint.
  expect(moderatorErrors).toEqual([])
  await ownerPage.context().close()
  await moderatorPage.context().close()
})
