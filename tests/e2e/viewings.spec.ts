// Viewing times on a listing's page, in four browsers: the owner of a home in Paris adds an open
// house of 2 places (in Paris time, whatever the browser's zone), two visitors book it, a third is
// told it filled meanwhile and then sees 'Full', one cancels and the third books the freed place.
// A private viewing booked by a visitor who signed in on the way shows 'Full' to the next one.
import type { Browser, Locator, Page } from '@playwright/test'
import type { AppContext } from '../../src/server/app'
import type { Listing } from '../../src/shared/listing'
import { listingPagePath } from '../../src/shared/screens'
import type { ViewingSlotList } from '../../src/shared/viewing'
import { formatViewingTime, zonedTimeToUtc, zonedWallClock } from '../../src/shared/viewing-time'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, signedInPage, signIn, test, type TestUser } from '../support/e2e/session'

const desktop = { width: 1440, height: 900 }
const phone = { width: 390, height: 844 }
const screenshots = '/tmp/slots-ui'
const paris = 'Europe/Paris'
const dayMs = 24 * 60 * 60 * 1000

/** A browser of the user's own, signed in, with a zone far from Paris: times must not follow it. */
const browserOf = (browser: Browser, app: AppContext, user: TestUser) =>
  signedInPage(browser, app, user, { timezoneId: 'America/New_York' })

const section = (page: Page) => page.getByRole('region', { name: 'Viewing times' })
const status = (page: Page) => section(page).getByRole('status')
const alert = (page: Page) => section(page).getByRole('alert')
/** The button of the slot that starts at `hours` ('10:00–11:00'), whether it books or is full. */
const slotButton = (page: Page, hours: string) =>
  section(page).getByRole('button', { name: new RegExp(`^(Book|Full) .*${hours}, Paris time`) })

/** A day three days ahead, as Paris's calendar has it. */
const dayAhead = () => zonedWallClock(Date.now() + 3 * dayMs, paris).date

/** Phone and desktop pictures of the section as it is now, to look at. */
async function screenshotBoth(page: Page, name: string) {
  const size = page.viewportSize()
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport)
    await section(page).evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: `${screenshots}/${name}-${viewport.width}.png` })
  }
  if (size) await page.setViewportSize(size)
}

async function expectParisListing(page: Page, listing: Listing) {
  const response = await page.request.get(`/api/listings/${listing.id}/viewing-slots`)
  expect(((await response.json()) as ViewingSlotList).timeZone).toBe(paris)
}

/** 'Viewing booked' and its controls, for the slot `time`. */
function bookingOf(page: Page, time: string): Locator {
  return section(page)
    .getByRole('list', { name: 'Your bookings' })
    .getByRole('listitem')
    .filter({ hasText: time })
}

test('an open house of 2 places: two visitors book, the third finds it full until one cancels', async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  test.setTimeout(90_000)
  const owner = await newUser('owner', 'Olivia Owner')
  const first = await newUser('first', 'Ada First')
  const second = await newUser('second', 'Ben Second')
  const third = await newUser('third', 'Cleo Third')
  const listing = await listingOf(owner)
  await signIn(seededApp, page.context(), owner)
  await page.setViewportSize(desktop)
  await page.goto(listingPagePath(listing))
  await expectParisListing(page, listing)

  // The owner adds an open house of 2 places, for an hour, in Paris time.
  const day = dayAhead()
  const start = zonedTimeToUtc(day, '10:00', paris)
  const time = formatViewingTime(start, 60, paris)
  expect(time).toMatch(/, 10:00–11:00, Paris time$/)
  await expect(section(page).getByText('No viewing times yet')).toBeVisible()
  await expect(section(page).getByText('Times are Paris time').first()).toBeVisible()
  await section(page).getByLabel('Date').fill(day)
  await section(page).getByLabel('Start time').fill('10:00')
  await section(page).getByLabel('Length').selectOption({ label: '1 hour' })
  await section(page).getByRole('button', { name: 'Open house' }).click()
  await section(page).getByLabel('Places').fill('2')
  await section(page).getByRole('button', { name: 'Add viewing time' }).click()
  await expect(status(page)).toHaveText(`Viewing time added: ${time}`)
  const ownerSlots = section(page).getByRole('list', { name: 'Your viewing times' })
  const openHouse = ownerSlots.getByRole('listitem').filter({ hasText: time })
  await expect(openHouse).toContainText('Open house · 0 of 2 booked')
  expect(await axeViolations(page)).toEqual([])

  // An overlapping time is rejected in the server's words, beside the form, with nothing lost.
  allowConsoleErrors(page, /status of 400/)
  await section(page).getByLabel('Date').fill(day)
  await section(page).getByLabel('Start time').fill('10:30')
  await section(page).getByRole('button', { name: 'Add viewing time' }).click()
  await expect(alert(page)).toHaveText(
    `${time} overlaps ${formatViewingTime(start + 30 * 60_000, 60, paris)}`,
  )
  await expect(section(page).getByLabel('Start time')).toHaveValue('10:30')
  await expect(section(page).getByLabel('Places')).toHaveValue('2')
  await screenshotBoth(page, 'owner-form-problem')
  expect(await axeViolations(page)).toEqual([])

  // Put right, it is added; nobody booked it, so it can be removed.
  await section(page).getByLabel('Start time').fill('11:00')
  await expect(alert(page)).toHaveCount(0)
  await section(page).getByRole('button', { name: 'Add viewing time' }).click()
  const later = formatViewingTime(start + 60 * 60_000, 60, paris)
  await expect(status(page)).toHaveText(`Viewing time added: ${later}`)
  await ownerSlots
    .getByRole('listitem')
    .filter({ hasText: later })
    .getByRole('button', { name: `Remove ${later}` })
    .click()
  await expect(status(page)).toHaveText(`Viewing time removed: ${later}`)
  await expect(ownerSlots.getByRole('listitem')).toHaveCount(1)

  // Two visitors book, from the keyboard and with the pointer; the third opened the page before
  // the second booked, so their press is told the viewing is full and the slot is read again.
  const firstPage = await browserOf(browser, seededApp, first)
  const secondPage = await browserOf(browser, seededApp, second)
  const thirdPage = await browserOf(browser, seededApp, third)
  await firstPage.goto(listingPagePath(listing))
  const firstButton = slotButton(firstPage, '10:00–11:00')
  await expect(firstButton).toHaveAccessibleName(`Book ${time}, Open house, 2 places left`)
  expect(await axeViolations(firstPage)).toEqual([])
  await screenshotBoth(firstPage, 'visitor-slots')
  await firstButton.focus()
  await firstPage.keyboard.press('Enter')
  await expect(status(firstPage)).toHaveText(`Viewing booked: ${time}`)
  const firstBooking = bookingOf(firstPage, time)
  await expect(firstBooking).toContainText('Viewing booked')
  await expect(firstBooking.getByText('Viewing booked')).toBeFocused()
  const calendar = firstBooking.getByRole('link', { name: 'Add to calendar' })
  await expect(calendar).toHaveAttribute('href', /^\/api\/bookings\/[\w-]+\/calendar\.ics$/)
  await expect(calendar).toHaveAttribute('download', '')
  expect(await axeViolations(firstPage)).toEqual([])
  await screenshotBoth(firstPage, 'visitor-booked')

  await thirdPage.goto(listingPagePath(listing))
  await expect(slotButton(thirdPage, '10:00–11:00')).toContainText('1 place left')

  await secondPage.goto(listingPagePath(listing))
  await slotButton(secondPage, '10:00–11:00').click()
  await expect(status(secondPage)).toHaveText(`Viewing booked: ${time}`)

  await slotButton(thirdPage, '10:00–11:00').click()
  await expect(alert(thirdPage)).toHaveText('This viewing is full')
  const full = slotButton(thirdPage, '10:00–11:00')
  await expect(full).toHaveAccessibleName(`Full ${time}, Open house, 2 places`)
  await expect(full).toBeDisabled()
  await screenshotBoth(thirdPage, 'visitor-full')

  // The owner sees who booked, and cannot remove a booked time.
  await page.reload()
  await expect(openHouse).toContainText('Open house · 2 of 2 booked')
  await expect(openHouse).toContainText('Booked by Ada First, Ben Second')
  await expect(openHouse.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
  await screenshotBoth(page, 'owner-booked')

  // One cancels: the place is free again for the third.
  await firstBooking.getByRole('button', { name: 'Cancel booking' }).click()
  await expect(status(firstPage)).toHaveText(`Booking cancelled: ${time}`)
  await expect(firstBooking).toHaveCount(0)
  await expect(slotButton(firstPage, '10:00–11:00')).toContainText('1 place left')
  await thirdPage.reload()
  await slotButton(thirdPage, '10:00–11:00').click()
  await expect(status(thirdPage)).toHaveText(`Viewing booked: ${time}`)
  await page.reload()
  await expect(openHouse).toContainText('Booked by Ben Second, Cleo Third')

  for (const visitor of [firstPage, secondPage, thirdPage]) await visitor.context().close()
})

test('a private viewing booked by a visitor who signs in on the way shows Full to the next', async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  const owner = await newUser('owner', 'Olivia Owner')
  const visitor = await newUser('visitor', 'Vera Visitor')
  const next = await newUser('next', 'Nico Next')
  const listing = await listingOf(owner)

  // Before the owner publishes anything, a visitor is told so, quietly.
  await page.goto(listingPagePath(listing))
  await expect(section(page)).toContainText('No viewing times are published yet.')

  const start = zonedTimeToUtc(dayAhead(), '14:00', paris)
  await seededApp.viewingSlots.replace(
    { id: listing.id, timeZone: paris },
    [{ start, minutes: 30, capacity: 1 }],
    Date.now(),
  )
  const time = formatViewingTime(start, 30, paris)

  // Not signed in: the press leads to sign in, and back to the listing.
  await page.reload()
  await expect(section(page)).toContainText('Times are Paris time')
  await slotButton(page, '14:00–14:30').click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByText('Sign in to book a viewing')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(visitor.email)
  await page.getByLabel('Password', { exact: true }).fill(visitor.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(listingPagePath(listing))
  const slot = slotButton(page, '14:00–14:30')
  await expect(slot).toHaveAccessibleName(`Book ${time}, Private viewing`)
  await slot.click()
  await expect(status(page)).toHaveText(`Viewing booked: ${time}`)

  const nextPage = await browserOf(browser, seededApp, next)
  await nextPage.goto(listingPagePath(listing))
  const full = slotButton(nextPage, '14:00–14:30')
  await expect(full).toHaveAccessibleName(`Full ${time}, Private viewing`)
  await expect(full).toBeDisabled()

  // Rented, the home takes no viewings: the section is gone.
  await seededApp.writes.changeStatus(listing.id, owner.id, 'rented')
  await nextPage.reload()
  await expect(nextPage.getByText(/no longer on the market/)).toBeVisible()
  await expect(section(nextPage)).toHaveCount(0)
  await nextPage.context().close()
})
