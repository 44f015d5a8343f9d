// The owner's pin on Create and Edit Listing: the checked address shows where it landed on a small
// map, the owner drags the pin, taps the map or moves the focused pin with the arrow keys, and the
// point is what the listing stores. An address without a city gets a hint.
import crypto from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import type { Geolocation, Listing } from '../../src/shared/listing'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { photo } from '../support/e2e/images'
import { expect, test } from '../support/e2e/session'

const paris = '12 Rue de Rivoli, Paris, France'
const lyon = '5 Rue de la République, Lyon, France'
const pinName = 'Listing pin, move it with the arrow keys'
const cityHint = 'Add the town or city, e.g. "12 Rue de Rivoli, Paris"'

// The form's map is at zoom 16: a pixel is this many degrees of longitude (256-pixel tiles).
const lngPerPixel = 360 / (256 * 2 ** 16)

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const pinPicker = (page: Page) => page.getByRole('region', { name: 'Pin on the map' })
const pin = (page: Page) => page.getByRole('button', { name: pinName })

async function geocode(page: Page, address: string) {
  const response = await page.request.get(`/api/geocode?address=${encodeURIComponent(address)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Geolocation & { formattedAddress: string }
}

async function listingFromApi(page: Page, id: string): Promise<Listing> {
  const response = await page.request.get(`/api/listings/${id}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Listing
}

/** The point on the screen the pin stands on: the middle of its image's bottom edge. */
async function pinTip(marker: Locator) {
  const box = (await marker.boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height }
}

/** Leaflet places the pin on whole pixels: a point off by a pixel is the same point. */
async function expectPinAt(marker: Locator, at: { x: number; y: number }) {
  await expect
    .poll(async () => {
      const tip = await pinTip(marker)
      return Math.max(Math.abs(tip.x - at.x), Math.abs(tip.y - at.y))
    })
    .toBeLessThanOrEqual(1)
}

/** The geolocation `dx`, `dy` pixels from `from` on the form's map. */
function pixelsFrom(from: Geolocation, dx: number, dy: number): Geolocation {
  const latPerPixel = lngPerPixel * Math.cos((from.lat * Math.PI) / 180)
  return { lat: from.lat - dy * latPerPixel, lng: from.lng + dx * lngPerPixel }
}

function expectNear(actual: Geolocation, expected: Geolocation, pixels = 3) {
  expect(Math.abs(actual.lng - expected.lng)).toBeLessThan(pixels * lngPerPixel)
  expect(Math.abs(actual.lat - expected.lat)).toBeLessThan(pixels * lngPerPixel)
}

test('Create Listing: the owner taps the map, drags the pin and moves it with the keys, and that point is stored', async ({
  page,
  account,
}) => {
  const name = `Pinned flat ${crypto.randomUUID().slice(0, 6)}`
  const place = await geocode(page, paris)
  await page.goto('/create-listing')
  await field(page, 'Name').fill(name)
  await field(page, 'Address').fill(paris)
  // Leaving the field checks the address: the preview says where it landed.
  await field(page, 'Regular Price').fill('1800')
  const picker = pinPicker(page)
  await expect(picker).toContainText(`The address landed at ${place.formattedAddress}`)
  const marker = pin(page)
  await expect(marker).toBeVisible()
  // The map in the middle of the screen, clear of the navigation bar.
  await marker.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  const start = await pinTip(marker)

  // A tap on the map puts the pin there.
  await page.mouse.click(start.x - 70, start.y + 30)
  await expectPinAt(marker, { x: start.x - 70, y: start.y + 30 })

  // Dragged by its head, 100 to the right and 50 up.
  const head = (await marker.boundingBox())!
  await page.mouse.move(head.x + head.width / 2, head.y + head.height / 2)
  await page.mouse.down()
  await page.mouse.move(head.x + head.width / 2 + 100, head.y + head.height / 2 - 50, { steps: 10 })
  await page.mouse.up()
  await expectPinAt(marker, { x: start.x + 30, y: start.y - 20 })

  // Focused, it moves 10 pixels an arrow key.
  await marker.focus()
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key)
  await expectPinAt(marker, { x: start.x + 50, y: start.y - 10 })

  await field(page, 'Images').setInputFiles([await photo('front.jpg')])
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page).toHaveURL(/\/category\/rent\/[^/]+$/)
  const id = page.url().split('/').at(-1)!
  const stored = await listingFromApi(page, id)
  expect(stored.userRef).toBe(account.id)
  expectNear(stored.geolocation, pixelsFrom(place, 50, -10))
})

test('Edit Listing: the pin starts at the stored point; a new address puts it back where that address lands', async ({
  page,
  account,
  listingOf,
}) => {
  const listing = await listingOf(account, {
    name: `Edited pin ${crypto.randomUUID().slice(0, 6)}`,
    address: paris,
  })
  await page.goto(`/edit-listing/${listing.id}`)
  const picker = pinPicker(page)
  await expect(picker).toContainText('Where the listing is now')
  const marker = pin(page)
  await marker.focus()
  await page.keyboard.press('Shift+ArrowDown')
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(page).toHaveURL(`/category/${listing.type}/${listing.id}`)
  expectNear(
    (await listingFromApi(page, listing.id)).geolocation,
    pixelsFrom(listing.geolocation, 0, 50),
  )

  // Moved again, then the address changes: the pin goes back to where the new address lands.
  await page.goto(`/edit-listing/${listing.id}`)
  await pin(page).focus()
  await page.keyboard.press('ArrowLeft')
  await field(page, 'Address').fill(lyon)
  await page.getByRole('button', { name: 'Check address' }).click()
  const inLyon = await geocode(page, lyon)
  await expect(picker).toContainText(`The address landed at ${inLyon.formattedAddress}`)
  await expect(picker).toContainText(
    'The address changed, so the pin went back to where the new address landed.',
  )
  await page.getByRole('button', { name: 'Edit Listing' }).click()
  await expect(page).toHaveURL(`/category/${listing.type}/${listing.id}`)
  const saved = await listingFromApi(page, listing.id)
  expect(saved.location).toBe(lyon)
  expect(saved.geolocation).toEqual({ lat: inLyon.lat, lng: inLyon.lng })
})

test("an address without a city: the spec's message and a hint; one that lands elsewhere says where", async ({
  page,
  account,
}) => {
  expect(account.id).toBeTruthy()
  allowConsoleErrors(page, /status of 422/)
  await page.goto('/create-listing')
  const address = field(page, 'Address')
  await address.fill('12 Rue de Rivoli')
  await page.getByRole('button', { name: 'Check address' }).click()
  await expect(page.getByText('Please enter a correct address')).toBeVisible()
  await expect(page.getByText(cityHint, { exact: true })).toBeVisible()
  await expect(address).toHaveAccessibleDescription(new RegExp(cityHint.replace(/[.,"]/g, '.')))
  await expect(pinPicker(page)).toHaveCount(0)

  // Accepted, but not where a Londoner meant: the preview shows it before anything is saved.
  const bakerStreet = await geocode(page, '221B Baker Street')
  await address.fill('221B Baker Street')
  await address.blur()
  await expect(pinPicker(page)).toContainText(
    `The address landed at ${bakerStreet.formattedAddress}`,
  )
  await expect(page.getByText(cityHint, { exact: true })).toHaveCount(0)
})

test('the form with its map passes axe', async ({ page, account }) => {
  expect(account.id).toBeTruthy()
  await page.goto('/create-listing')
  await field(page, 'Address').fill(paris)
  await page.getByRole('button', { name: 'Check address' }).click()
  await expect(pin(page)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
