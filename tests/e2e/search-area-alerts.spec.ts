// A saved search of an area outlined on the map keeps the area, and its alerts honour it: a new
// home in the notch of a C around the middle of Paris is not mailed; one inside the C is.
import { newId } from '../../src/server/ids'
import { caughtMail, toastWith } from '../support/e2e/accounts'
import { mailApi } from '../support/e2e/ports'
import type { CaughtMail } from '../support/e2e/services'
import { markEmailVerified } from '../support/e2e/verified-email'
import { expect, test } from '../support/e2e/session'

/** A C around the middle of Paris, open to the east between 48.85° and 48.862° north. */
const c = [
  [48.83, 2.31],
  [48.83, 2.4],
  [48.85, 2.4],
  [48.85, 2.36],
  [48.862, 2.36],
  [48.862, 2.4],
  [48.88, 2.4],
  [48.88, 2.31],
]
const polygon = c.map(([lat, lng]) => `${lat},${lng}`).join(';')
const insideTheC = { lat: 48.87, lng: 2.33 }
const inTheNotch = { lat: 48.856, lng: 2.38 }

test('a saved area mails a new home inside it, and not one in its notch', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  await markEmailVerified(seededApp, account.email)
  // A word no other listing has, so the search finds this journey's homes alone.
  const word = `Zed${newId(6).toLowerCase()}`
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/search?q=${word}&polygon=${encodeURIComponent(polygon)}`)
  await expect(page.getByRole('link', { name: 'Remove Area on the map' }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Save this search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await dialog.getByRole('radio', { name: 'Instant' }).check()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    toastWith(page, 'Search saved: find it under Saved searches in your Profile'),
  ).toBeVisible()
  // The saved search keeps the area.
  const saved = await page.request.get('/api/saved-searches')
  const { items } = (await saved.json()) as { items: { query: string }[] }
  expect(new URLSearchParams(items[0]!.query).get('polygon')).not.toBeNull()

  // The home in the notch comes first: were it mailed, its mail would be the first one.
  const owner = await newUser('owner', 'Owner Person')
  const notch = { name: `Notch ${word}`, geolocation: inTheNotch }
  const inside = { name: `Inside ${word}`, geolocation: insideTheC }
  await listingOf(owner, notch)
  const listing = await listingOf(owner, inside)
  const mail = await caughtMail(page.request, account.email)
  expect(mail.text).toContain(listing.name)
  expect(mail.text).not.toContain(notch.name)
  const response = await page.request.get(`${mailApi}/mail?to=${encodeURIComponent(account.email)}`)
  const mails = (await response.json()) as CaughtMail[]
  expect(mails.filter((each) => each.text.includes(notch.name))).toEqual([])
})
