// /viewings: a visitor books viewings through the API, as the listing page does, and finds them
// there by day with the listing's zone named; the owner finds them under 'Bookings of my
// listings'. A cancellation from either side leaves both lists, a stale one is rejected in the
// server's words, and the page is signed-in only and given its head by the server.
import type { Page } from '@playwright/test'
import type { Listing } from '../../src/shared/listing'
import type { Booking, ViewingSlotList } from '../../src/shared/viewing'
import { formatViewingTime, zonedTimeToUtc, zonedWallClock } from '../../src/shared/viewing-time'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, seededServer, signedInPage, signIn, test } from '../support/e2e/session'

const desktop = { width: 1440, height: 900 }
const phone = { width: 390, height: 844 }
const zone = 'Europe/Paris'
const writeHeaders = { Origin: seededServer }

/** The Paris date `days` from now, and the instant its clocks show `time` that day. */
function parisDay(days: number, time: string) {
  const { date } = zonedWallClock(Date.now() + days * 24 * 3600_000, zone)
  return { date, start: zonedTimeToUtc(date, time, zone) }
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'].concat([
  'September',
  'October',
  'November',
  'December',
])

/** '2026-12-14' → 'Monday 14 December' (and the year when it is not this one). */
function dayHeading(date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  const year = day.getUTCFullYear() === new Date().getFullYear() ? '' : ` ${day.getUTCFullYear()}`
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}${year}`
}

/** The listing's slots, published by its owner through the API as the listing page does. */
async function publishSlots(
  ownerPage: Page,
  listing: Listing,
  slots: { start: number; minutes: number; capacity: number }[],
): Promise<ViewingSlotList> {
  const response = await ownerPage.request.put(`/api/listings/${listing.id}/viewing-slots`, {
    data: { slots: slots.map((slot) => ({ ...slot, start: new Date(slot.start).toISOString() })) },
    headers: writeHeaders,
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as ViewingSlotList
}

async function book(visitorPage: Page, slotId: string): Promise<Booking> {
  const response = await visitorPage.request.post(`/api/viewing-slots/${slotId}/bookings`, {
    data: {},
    headers: writeHeaders,
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as Booking
}

const section = (page: Page, name: string) => page.getByRole('region', { name })
const dayList = (page: Page, sectionName: string, date: string) =>
  section(page, sectionName).getByRole('list', { name: dayHeading(date) })

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

test('a booked viewing shows on /viewings for both sides, by day, until it is cancelled', async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  const owner = await newUser('owner', 'Bea Landlord')
  const visitor = await newUser('visitor', 'Al Visitor')
  const caller = await newUser('caller', 'Cy Caller')
  const listing = await listingOf(owner, { name: `Loft by the river ${Date.now()}` })
  // The visitor has a home of their own, which someone else booked: both lists show.
  const visitorListing = await listingOf(visitor, { name: `Attic flat ${Date.now()}` })
  const ownerPage = await signedInPage(browser, seededApp, owner)
  await signIn(seededApp, page.context(), visitor)

  const first = parisDay(3, '10:00')
  const second = parisDay(4, '14:00')
  const { items: slots } = await publishSlots(ownerPage, listing, [
    { start: first.start, minutes: 30, capacity: 1 },
    { start: second.start, minutes: 60, capacity: 5 },
  ])
  const firstBooking = await book(page, slots[0]!.id)
  const secondBooking = await book(page, slots[1]!.id)
  const callerSlot = parisDay(3, '16:00')
  const { items: visitorSlots } = await publishSlots(page, visitorListing, [
    { start: callerSlot.start, minutes: 45, capacity: 1 },
  ])
  await seededApp.bookings.book(visitorSlots[0]!.id, caller.id)

  // The visitor, on a desktop, goes there from the header.
  await page.setViewportSize(desktop)
  await page.goto('/offers')
  await page.getByRole('banner').getByRole('link', { name: 'Viewings', exact: true }).click()
  await expect(page).toHaveURL(/\/viewings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Viewings' })).toBeVisible()
  await expect(page).toHaveTitle('Viewings | House Marketplace')

  const firstTime = formatViewingTime(first.start, 30, zone)
  expect(firstTime).toMatch(/, 10:00–10:30, Paris time$/)
  const visit = dayList(page, 'My viewings', first.date).getByRole('listitem')
  await expect(visit).toHaveCount(1)
  await expect(visit).toContainText(firstTime)
  await expect(visit).toContainText(listing.location)
  await expect(visit).toContainText('Owner: Bea Landlord')
  await expect(visit.getByRole('link', { name: listing.name, exact: true })).toHaveAttribute(
    'href',
    `/category/${listing.type}/${listing.id}`,
  )
  const calendar = visit.getByRole('link', { name: /^Add to calendar/ })
  await expect(calendar).toHaveAttribute('href', `/api/bookings/${firstBooking.id}/calendar.ics`)
  await expect(calendar).toHaveAttribute('download', '')
  await expect(dayList(page, 'My viewings', second.date)).toContainText(
    formatViewingTime(second.start, 60, zone),
  )
  // The day headings come in order, each once.
  await expect(section(page, 'My viewings').getByRole('heading', { level: 3 })).toHaveText([
    dayHeading(first.date),
    dayHeading(second.date),
  ])
  const callerRow = dayList(page, 'Bookings of my listings', callerSlot.date).getByRole('listitem')
  await expect(callerRow).toContainText('Cy Caller')
  await expect(callerRow).toContainText(visitorListing.name)
  await expect(callerRow).toContainText(formatViewingTime(callerSlot.start, 45, zone))
  // Side by side on a desktop.
  const [mineBox, ofListingsBox] = await Promise.all([
    section(page, 'My viewings').boundingBox(),
    section(page, 'Bookings of my listings').boundingBox(),
  ])
  expect(ofListingsBox!.x).toBeGreaterThan(mineBox!.x + mineBox!.width - 1)
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'visitor-desktop')

  await page.setViewportSize(phone)
  // Reached from Profile on a phone, which stays the bottom bar's current entry.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }),
  ).toHaveAttribute('aria-current', 'page')
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'visitor-phone')

  // The owner, from Profile.
  await ownerPage.goto('/profile')
  const profileLink = ownerPage.getByRole('main').getByRole('link', { name: 'Viewings' })
  await expect(profileLink).toBeVisible()
  await screenshot(ownerPage, 'owner-profile-desktop')
  await profileLink.click()
  await expect(ownerPage).toHaveURL(/\/viewings$/)
  await expect(section(ownerPage, 'My viewings')).toHaveCount(0)
  const booked = dayList(ownerPage, 'Bookings of my listings', first.date).getByRole('listitem')
  await expect(booked).toContainText('Al Visitor')
  await expect(booked).toContainText(listing.name)
  await expect(booked).toContainText(firstTime)
  await expect(dayList(ownerPage, 'Bookings of my listings', second.date)).toContainText(
    'Al Visitor',
  )
  expect(await axeViolations(ownerPage)).toEqual([])
  await screenshot(ownerPage, 'owner-desktop')

  // Cancelling asks first: 'no' keeps it.
  const cancelFirst = visit.getByRole('button', { name: /^Cancel/ })
  let question = ''
  page.once('dialog', (dialog) => {
    question = dialog.message()
    void dialog.dismiss()
  })
  await cancelFirst.click()
  expect(question).toBe(`Cancel your viewing of “${listing.name}”, ${firstTime}?`)
  await expect(visit).toHaveCount(1)
  page.once('dialog', (dialog) => void dialog.accept())
  await cancelFirst.click()
  await expect(toastWith(page, 'Viewing cancelled')).toBeVisible()
  await expect(dayList(page, 'My viewings', first.date)).toHaveCount(0)
  // The keyboard is not lost with the row: the page's heading has it.
  await expect(page.getByRole('heading', { level: 1, name: 'Viewings' })).toBeFocused()
  await ownerPage.reload()
  await expect(dayList(ownerPage, 'Bookings of my listings', second.date)).toBeVisible()
  await expect(dayList(ownerPage, 'Bookings of my listings', first.date)).toHaveCount(0)

  // The owner cancels the other one while the visitor's page still shows it: the server says why.
  const cancelled = await ownerPage.request.delete(`/api/bookings/${secondBooking.id}`, {
    headers: writeHeaders,
  })
  expect(cancelled.status()).toBe(204)
  allowConsoleErrors(page, /status of 404/)
  page.once('dialog', (dialog) => void dialog.accept())
  await dayList(page, 'My viewings', second.date)
    .getByRole('button', { name: /^Cancel/ })
    .click()
  await expect(toastWith(page, 'Booking not found')).toBeVisible()
  await expect(section(page, 'My viewings')).toHaveCount(0)

  // The visitor cancels the booking of their own home, from the other list: nothing is left.
  page.once('dialog', (dialog) => {
    question = dialog.message()
    void dialog.accept()
  })
  await callerRow.getByRole('button', { name: /^Cancel/ }).click()
  expect(question).toContain('Cancel Cy Caller’s viewing of')
  await expect(page.getByText('No viewings booked')).toBeVisible()
  await ownerPage.reload()
  await expect(ownerPage.getByText('No viewings booked')).toBeVisible()
  expect(await axeViolations(ownerPage)).toEqual([])
  await screenshot(ownerPage, 'empty-desktop')
  await ownerPage.context().close()
})

test('signed out, /viewings leads to Sign in, as Profile does', async ({ page }) => {
  await page.goto('/viewings')
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
})

test('the server gives /viewings its title and its screen’s files for a signed-in user', async ({
  page,
  account,
}) => {
  expect(account.id).toBeTruthy()
  const response = await page.request.get('/viewings')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('<title>Viewings | House Marketplace</title>')
  expect(html).toContain('<meta name="robots" content="noindex">')
  // The screen's own code and styles come with the page, so it renders without waiting for them.
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/Viewings-[\w-]+\.js">/)
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/Viewings-[\w-]+\.css">/)
  // Served as Profile is: the head says what the page is, and the browser, which knows who is
  // signed in, renders it.
  const root = (served: string) => /<div id="root">(.*?)<\/div>/s.exec(served)?.[1]
  const profile = await (await page.request.get('/profile')).text()
  expect(profile).toContain('<title>My Profile | House Marketplace</title>')
  expect(root(html)).toBe(root(profile))
})
