// Listing management in the browser (the spec's Create Listing, Edit Listing and Profile): the form,
// its checks in the spec's order and those it makes as the user goes, chunked uploads, editing,
// and deleting from the profile.
//
// Every journey starts signed in as a fresh user made directly in the seeded server's database
// (support/session.ts): the server's sign-in budget belongs to accounts.spec.ts.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { formatPrice } from '../../src/shared/format'
import { limits, type Listing } from '../../src/shared/listing'
import { maxImageBytes } from '../../src/shared/listing-schema'
import { allowConsoleErrors, listingsFromApi } from '../support/e2e/fixtures'
import { colours, largePhoto, notAnImage, photo, type ImageFile } from '../support/e2e/images'
import { toastWith } from '../support/e2e/accounts'
import { expect, test } from '../support/e2e/session'

/** An address the offline gazetteer places in Paris (48.85, 2.35). */
const paris = '12 Rue de Rivoli, Paris, France'

/** A listing name no other test (or earlier run) uses, within the 10 to 32 characters allowed. */
const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 6)}`

const toggle = (page: Page, legend: string, option: string) =>
  page.getByRole('group', { name: legend }).getByRole('button', { name: option, exact: true })

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

const chosenImages = (page: Page) => page.getByRole('list', { name: 'Chosen images' })

/** The names of the chosen images, in order, as their thumbnails say them. */
const chosenNames = (page: Page) =>
  chosenImages(page)
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt')))

const rooms = (count: number, first = 1) =>
  Promise.all(Array.from({ length: count }, (_, index) => photo(`room-${first + index}.jpg`)))

interface FormValues {
  name: string
  bedrooms?: number
  bathrooms?: number
  address?: string
  regularPrice: number
  /** Offer is switched on to type it. */
  discountedPrice?: number
  images?: ImageFile[]
}

/** Types a listing into the form as a user would, leaving every other control as it is. */
async function fillListing(page: Page, values: FormValues) {
  await field(page, 'Name').fill(values.name)
  if (values.bedrooms) await field(page, 'Bedrooms').fill(String(values.bedrooms))
  if (values.bathrooms) await field(page, 'Bathrooms').fill(String(values.bathrooms))
  await field(page, 'Address').fill(values.address ?? paris)
  await field(page, 'Regular Price').fill(String(values.regularPrice))
  if (values.discountedPrice !== undefined) {
    await toggle(page, 'Offer', 'Yes').click()
    await field(page, 'Discounted Price').fill(String(values.discountedPrice))
  }
  const images = values.images ?? [await photo('front.jpg')]
  await field(page, 'Images').setInputFiles(images)
  await expect(chosenImages(page).getByRole('listitem')).toHaveCount(images.length)
}

const listingsOf = (page: Page, userId: string) =>
  listingsFromApi(page, `userRef=${encodeURIComponent(userId)}&limit=${limits.maxPageSize}`)

async function listingFromApi(page: Page, id: string): Promise<Listing> {
  const response = await page.request.get(`/api/listings/${id}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Listing
}

/**
 * The tus requests the page makes, by file: each upload starts with a POST that names the file
 * in its metadata and returns the upload's address, which the file's PATCH chunks then go to.
 */
function watchUploads(page: Page) {
  const fileOfUpload = new Map<string, string>()
  const started: string[] = []
  const patches: string[] = []
  page.on('response', (response) => {
    const request = response.request()
    const location = response.headers()['location']
    if (request.method() !== 'POST' || !/\/api\/uploads$/.test(request.url()) || !location) return
    const metadata = request.headers()['upload-metadata'] ?? ''
    const encoded = /(?:^|,)filename ([^,]+)/.exec(metadata)?.[1] ?? ''
    const name = Buffer.from(encoded, 'base64').toString()
    fileOfUpload.set(new URL(location, request.url()).pathname, name)
    started.push(name)
  })
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/uploads\/[^/]+$/.test(request.url())) {
      patches.push(new URL(request.url()).pathname)
    }
  })
  return {
    /** Files whose upload has begun. */
    started,
    chunksOf: (name: string) => patches.filter((path) => fileOfUpload.get(path) === name).length,
  }
}

/** The page's own reads of single listings (GET /api/listings/{id}), from when this is called. */
function watchListingReads(page: Page) {
  const reads: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.method() === 'GET' && /^\/api\/listings\/[^/]+$/.test(pathname))
      reads.push(pathname)
  })
  return reads
}

/** The detail page's photos, in slide order (slides other than the current one are hidden). */
const photoSources = (page: Page) =>
  page
    .getByRole('region', { name: 'Photos' })
    .getByRole('img', { includeHidden: true, name: /, photo \d+$/ })
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')))

test.describe('Create Listing', () => {
  test('creates a rental with two photos, the large one sent in 262144-byte chunks, and shows it on its page', async ({
    page,
    account,
  }) => {
    const name = uniqueName('Rivoli loft')
    const facade = await largePhoto('facade.png', limits.uploadChunkBytes + 1)
    const kitchen = await photo('kitchen.jpg')
    const uploads = watchUploads(page)

    await page.goto('/profile')
    await page.getByRole('link', { name: 'Sell or rent your home' }).click()
    await expect(page).toHaveURL('/create-listing')
    await expect(page.getByRole('heading', { name: 'Create a Listing', level: 1 })).toBeVisible()
    await expect(page.getByText('The first image will be the cover (max 6).')).toBeVisible()
    // The spec's form defaults: rent, one bedroom and bathroom, no parking, unfurnished, no offer.
    await expect(toggle(page, 'Sell / Rent', 'Rent')).toHaveAttribute('aria-pressed', 'true')
    await expect(field(page, 'Bedrooms')).toHaveValue('1')
    await expect(toggle(page, 'Parking spot', 'No')).toHaveAttribute('aria-pressed', 'true')

    await toggle(page, 'Parking spot', 'Yes').click()
    await toggle(page, 'Furnished', 'Yes').click()
    await fillListing(page, {
      name,
      bedrooms: 3,
      bathrooms: 2,
      regularPrice: 12500,
      discountedPrice: 11250,
      images: [facade, kitchen],
    })
    await expect(chosenImages(page).getByText('facade.png (cover)')).toBeVisible()

    // The large file's later chunks wait until its progress bar has been seen part-way.
    let releaseChunks!: () => void
    const chunksReleased = new Promise<void>((resolve) => (releaseChunks = resolve))
    await page.route(/\/api\/uploads\/[^/]+$/, async (route) => {
      const request = route.request()
      if (request.method() === 'PATCH' && request.headers()['upload-offset'] !== '0') {
        await chunksReleased
      }
      await route.continue()
    })

    const listingReads = watchListingReads(page)
    await page.getByRole('button', { name: 'Create Listing' }).click()
    const progress = page.getByRole('progressbar', { name: 'Upload of facade.png' })
    await expect(progress).toBeVisible()
    await expect
      .poll(() => progress.evaluate((bar) => (bar as HTMLProgressElement).value))
      .toBeGreaterThan(0)
    await expect(page.getByRole('status').filter({ hasText: 'Saving the listing' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Listing' })).toBeDisabled()
    releaseChunks()

    await expect(toastWith(page, 'Listing saved')).toBeVisible()
    await expect(page).toHaveURL(/\/category\/rent\/[A-Za-z0-9_-]+$/)
    const id = new URL(page.url()).pathname.split('/').pop()!

    // The spec's calls: resumable uploads in chunks of 262144 bytes.
    expect(uploads.chunksOf('facade.png')).toBeGreaterThanOrEqual(2)
    expect(uploads.chunksOf('facade.png')).toBe(
      Math.ceil(facade.buffer.length / limits.uploadChunkBytes),
    )
    expect(uploads.chunksOf('kitchen.jpg')).toBe(1)

    const listing = await listingFromApi(page, id)
    expect(listing).toMatchObject({
      type: 'rent',
      name,
      bedrooms: 3,
      bathrooms: 2,
      parking: true,
      furnished: true,
      location: paris,
      offer: true,
      regularPrice: 12500,
      discountedPrice: 11250,
      userRef: account.id,
    })
    expect(listing.geolocation.lat).toBeCloseTo(48.85, 1)
    expect(listing.geolocation.lng).toBeCloseTo(2.35, 1)
    expect(listing.imageUrls).toHaveLength(2)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} - $11,250`)
    await expect(page.getByText('$1,250 discount')).toBeVisible()
    await expect(page.getByText('For Rent')).toBeVisible()
    for (const fact of ['3 Bedrooms', '2 Bathrooms', 'Parking Spot', 'Furnished']) {
      await expect(page.getByRole('listitem').filter({ hasText: fact })).toBeVisible()
    }
    const photos = page.getByRole('region', { name: 'Photos' })
    await expect(photos.getByRole('group', { includeHidden: true })).toHaveCount(2)
    expect(await photoSources(page)).toEqual(listing.imageUrls)

    // The marker stands at the geocoded place; its popup repeats the address.
    await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded()
    const marker = page.getByRole('button', { name: paris })
    await expect(marker).toBeVisible()
    await marker.click()
    await expect(page.getByText(paris, { exact: true })).toHaveCount(2)
    // The owner is not offered to contact themselves.
    await expect(page.getByRole('link', { name: 'Contact Landloard' })).toHaveCount(0)
    // The page showed the listing the create returned, without reading it again.
    expect(listingReads).toEqual([])
  })

  test("'$ / Month' shows only for rent, and 'Discounted Price' only when Offer is Yes", async ({
    page,
    account,
  }) => {
    void account
    await page.goto('/create-listing')
    const perMonth = page.getByText('$ / Month', { exact: true })
    const discounted = field(page, 'Discounted Price')

    await expect(toggle(page, 'Sell / Rent', 'Rent')).toHaveAttribute('aria-pressed', 'true')
    await expect(perMonth).toHaveCount(1)
    await expect(toggle(page, 'Offer', 'No')).toHaveAttribute('aria-pressed', 'true')
    await expect(discounted).toHaveCount(0)

    await toggle(page, 'Offer', 'Yes').click()
    await expect(toggle(page, 'Offer', 'Yes')).toHaveAttribute('aria-pressed', 'true')
    await expect(discounted).toBeVisible()
    await expect(perMonth).toHaveCount(2)

    await toggle(page, 'Sell / Rent', 'Sell').click()
    await expect(toggle(page, 'Sell / Rent', 'Sell')).toHaveAttribute('aria-pressed', 'true')
    await expect(toggle(page, 'Sell / Rent', 'Rent')).toHaveAttribute('aria-pressed', 'false')
    await expect(perMonth).toHaveCount(0)
    await expect(discounted).toBeVisible()

    await toggle(page, 'Offer', 'No').click()
    await expect(discounted).toHaveCount(0)
    await toggle(page, 'Sell / Rent', 'Rent').click()
    await expect(perMonth).toHaveCount(1)
  })
})

test.describe('Create Listing says what is wrong as the user types', () => {
  test('the name shows how many of its 32 characters are used, and nothing typed is cut', async ({
    page,
    account,
  }) => {
    void account
    await page.goto('/create-listing')
    const name = field(page, 'Name')
    await expect(page.getByText('0 / 32', { exact: true })).toBeVisible()
    await name.fill('Rivoli loft')
    await expect(page.getByText('11 / 32', { exact: true })).toBeVisible()
    await expect(name).toHaveAccessibleDescription('11 / 32')

    const tooLong = 'A loft on the Rue de Rivoli, Paris' // 34 characters
    await name.fill(tooLong)
    await expect(name).toHaveValue(tooLong)
    await expect(page.getByText('34 / 32', { exact: true })).toBeVisible()
    await name.press('End')
    await name.pressSequentially('!!')
    await expect(name).toHaveValue(`${tooLong}!!`)
    await expect(page.getByText('36 / 32', { exact: true })).toBeVisible()

    // The spec's 10 to 32 rule still holds, with the schema's message, when the form is sent.
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toastWith(page, 'At most 32 characters')).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription('At most 32 characters 36 / 32')
    await expect(page).toHaveURL('/create-listing')
  })

  test("the discount rule shows beside Discounted Price as it is typed: 'Discounted Price needs to be less than regular price'", async ({
    page,
    account,
  }) => {
    void account
    const rule = 'Discounted Price needs to be less than regular price'
    await page.goto('/create-listing')
    await field(page, 'Regular Price').fill('1000')
    await toggle(page, 'Offer', 'Yes').click()
    const discounted = field(page, 'Discounted Price')
    await expect(page.getByText(rule)).toHaveCount(0)

    await discounted.fill('1200')
    await expect(page.getByText(rule)).toBeVisible()
    await expect(discounted).toHaveAttribute('aria-invalid', 'true')
    await expect(discounted).toHaveAccessibleDescription(rule)
    // Beside its field, not a toast: nothing was sent yet.
    await expect(toastWith(page, rule)).toHaveCount(0)

    await discounted.fill('900')
    await expect(page.getByText(rule)).toHaveCount(0)
    await expect(discounted).not.toHaveAttribute('aria-invalid')
    await field(page, 'Regular Price').fill('900')
    await expect(page.getByText(rule)).toBeVisible()
  })
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}px a toast covers neither the page's heading nor a navigation bar`, async ({
    page,
    account,
  }) => {
    void account
    await page.setViewportSize(viewport)
    await page.goto('/create-listing')
    const heading = page.getByRole('heading', { name: 'Create a Listing', level: 1 })
    await expect(heading).toBeVisible()
    await field(page, 'Images').setInputFiles(await rooms(7))
    // The toast is the box around its alert: icon, text and close button.
    const toast = toastWith(page, 'Max 6 images').locator('..')
    await expect(toast).toBeVisible()
    await expect(toast.getByRole('button', { name: 'Close notification' })).toBeVisible()
    // Measured where it comes to rest, once it has slid in.
    await toast.evaluate((box) => Promise.all(box.getAnimations().map((slide) => slide.finished)))

    const toastBox = (await toast.boundingBox())!
    const covers = (box: { x: number; y: number; width: number; height: number }) =>
      toastBox.x < box.x + box.width &&
      box.x < toastBox.x + toastBox.width &&
      toastBox.y < box.y + box.height &&
      box.y < toastBox.y + toastBox.height
    expect(covers((await heading.boundingBox())!), 'the toast covers the heading').toBe(false)
    const navigations = await page.getByRole('navigation').all()
    expect(navigations.length).toBeGreaterThan(0)
    for (const navigation of navigations) {
      const box = await navigation.boundingBox()
      if (box) expect(covers(box), 'the toast covers a navigation bar').toBe(false)
    }
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height)
  })
}

test("seven images: 'Max 6 images' at once, all seven kept, and Create Listing stops until one is removed", async ({
  page,
  account,
}) => {
  const uploads = watchUploads(page)
  await page.goto('/create-listing')
  const count = page.getByText('0 / 6', { exact: true })
  await expect(count).toBeVisible()
  // The count is part of what the file input says about itself.
  await expect(field(page, 'Images')).toHaveAccessibleDescription(/0 \/ 6/)

  const name = uniqueName('Seven photos')
  await fillListing(page, { name, regularPrice: 1500, images: await rooms(7) })
  // Said as they are picked, before any submit; none of them is dropped.
  const picked = toastWith(page, 'Max 6 images')
  await expect(picked).toBeVisible()
  await expect(page.getByText('7 / 6', { exact: true })).toBeVisible()
  expect(await chosenNames(page)).toEqual((await rooms(7)).map((room) => room.name))
  await expect(field(page, 'Images')).toHaveAttribute('aria-invalid', 'true')
  await expect(field(page, 'Images')).toHaveAccessibleDescription(/Max 6 images/)
  await picked.locator('..').getByRole('button', { name: 'Close notification' }).click()
  await expect(picked).toHaveCount(0)

  // The spec: more than six is rejected on submit, and the form stops there.
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(toastWith(page, 'Max 6 images')).toBeVisible()
  await expect(page).toHaveURL('/create-listing')
  await expect(chosenImages(page).getByRole('listitem')).toHaveCount(7)
  expect(uploads.started).toEqual([])
  expect(await listingsOf(page, account.id)).toHaveLength(0)

  // One removed: the six left are saved, in order.
  await page.getByRole('button', { name: 'Remove room-3.jpg' }).click()
  await expect(page.getByText('6 / 6', { exact: true })).toBeVisible()
  await expect(field(page, 'Images')).not.toHaveAttribute('aria-invalid')
  await page.getByRole('button', { name: 'Create Listing' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} - $1,500`)
  const [listing] = await listingsOf(page, account.id)
  expect(listing!.imageUrls).toHaveLength(6)
  expect(uploads.started).toHaveLength(6)
})

test.describe('Create Listing stops at each check and creates nothing', () => {
  test("a discount equal to the regular price: 'Discounted Price needs to be less than regular price'", async ({
    page,
    account,
  }) => {
    expect(await listingsOf(page, account.id)).toHaveLength(0)
    const uploads = watchUploads(page)
    const name = uniqueName('Even price')
    await page.goto('/create-listing')
    await fillListing(page, { name, regularPrice: 1000, discountedPrice: 1000 })
    await page.getByRole('button', { name: 'Create Listing' }).click()

    await expect(
      toastWith(page, 'Discounted Price needs to be less than regular price'),
    ).toBeVisible()
    await expect(page).toHaveURL('/create-listing')
    await expect(field(page, 'Name')).toHaveValue(name)
    await expect(field(page, 'Discounted Price')).toHaveValue('1000')
    expect(uploads.started).toEqual([])
    expect(await listingsOf(page, account.id)).toHaveLength(0)
  })

  test('a discount typed and then hidden by Offer No is still checked', async ({
    page,
    account,
  }) => {
    expect(await listingsOf(page, account.id)).toHaveLength(0)
    const name = uniqueName('Hidden offer')
    await page.goto('/create-listing')
    await fillListing(page, { name, regularPrice: 1000, discountedPrice: 5000 })
    await toggle(page, 'Offer', 'No').click()
    await expect(field(page, 'Discounted Price')).toHaveCount(0)
    await page.getByRole('button', { name: 'Create Listing' }).click()

    await expect(
      toastWith(page, 'Discounted Price needs to be less than regular price'),
    ).toBeVisible()
    await expect(page).toHaveURL('/create-listing')
    // The hidden field kept what was typed.
    await toggle(page, 'Offer', 'Yes').click()
    await expect(field(page, 'Discounted Price')).toHaveValue('5000')
    expect(await listingsOf(page, account.id)).toHaveLength(0)
  })

  test("four images, then three more: 'Max 6 images', all seven kept until one is removed", async ({
    page,
    account,
  }) => {
    void account
    await page.goto('/create-listing')
    await field(page, 'Images').setInputFiles(await rooms(4))
    await expect(page.getByText('4 / 6', { exact: true })).toBeVisible()
    await expect(toastWith(page, 'Max 6 images')).toHaveCount(0)

    await field(page, 'Images').setInputFiles(await rooms(3, 5))
    await expect(toastWith(page, 'Max 6 images')).toBeVisible()
    await expect(page.getByText('7 / 6', { exact: true })).toBeVisible()
    expect(await chosenNames(page)).toEqual((await rooms(7)).map((room) => room.name))

    // Within the limit again once one is removed, and over it again with one more.
    await page.getByRole('button', { name: 'Remove room-2.jpg' }).click()
    await expect(page.getByText('6 / 6', { exact: true })).toBeVisible()
    await field(page, 'Images').setInputFiles([await photo('porch.jpg')])
    await expect(page.getByText('7 / 6', { exact: true })).toBeVisible()
    expect(await chosenNames(page)).toEqual([
      'room-1.jpg',
      'room-3.jpg',
      'room-4.jpg',
      'room-5.jpg',
      'room-6.jpg',
      'room-7.jpg',
      'porch.jpg',
    ])
  })

  test("a text file and a file over 10 MB are marked as they are picked, and none is sent: 'Images not uploaded'", async ({
    page,
    account,
  }) => {
    const uploads = watchUploads(page)
    const name = uniqueName('Marked files')
    const huge = await largePhoto('huge.png', maxImageBytes)
    await page.goto('/create-listing')
    await fillListing(page, {
      name,
      regularPrice: 900,
      images: [await photo('garden.jpg'), notAnImage('notes.txt'), huge],
    })
    const thumbnail = (file: string) =>
      chosenImages(page).getByRole('listitem').filter({ hasText: file })
    await expect(thumbnail('notes.txt').getByText('Not a JPEG or PNG image')).toBeVisible()
    await expect(thumbnail('huge.png').getByText('Larger than 10 MB')).toBeVisible()
    await expect(thumbnail('garden.jpg')).not.toContainText(/JPEG or PNG|10 MB/)
    await expect(page.getByText('3 / 6', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toastWith(page, 'Images not uploaded')).toBeVisible()
    await expect(page).toHaveURL('/create-listing')
    expect(uploads.started).toEqual([])
    expect(await listingsOf(page, account.id)).toHaveLength(0)

    // Without them, the good photo goes up and the listing is saved. The toast is closed first, as
    // a person would: it moves to stay clear of the controls as the page scrolls, and a press
    // made while it moves can land on it instead.
    await toastWith(page, 'Images not uploaded')
      .locator('..')
      .getByRole('button', { name: 'Close notification' })
      .click()
    await expect(toastWith(page, 'Images not uploaded')).toHaveCount(0)
    await page.getByRole('button', { name: 'Remove notes.txt' }).click()
    await expect(thumbnail('notes.txt')).toHaveCount(0)
    await page.getByRole('button', { name: 'Remove huge.png' }).click()
    await expect(thumbnail('huge.png')).toHaveCount(0)
    await page.getByRole('button', { name: 'Create Listing' }).click()
    await expect(toastWith(page, 'Listing saved')).toBeVisible()
    expect(uploads.started).toEqual(['garden.jpg'])
    expect(await listingsOf(page, account.id)).toHaveLength(1)
  })

  test("an address no one can place: 'Please enter a correct address'", async ({
    page,
    account,
  }) => {
    allowConsoleErrors(page, /status of 422/)
    expect(await listingsOf(page, account.id)).toHaveLength(0)
    const uploads = watchUploads(page)
    const name = uniqueName('Nowhere house')
    const address = 'Qwxzv Plumbob Nowhere'
    await page.goto('/create-listing')
    await fillListing(page, { name, address, regularPrice: 900 })
    await page.getByRole('button', { name: 'Create Listing' }).click()

    await expect(toastWith(page, 'Please enter a correct address')).toBeVisible()
    await expect(page).toHaveURL('/create-listing')
    await expect(field(page, 'Address')).toHaveValue(address)
    await expect(field(page, 'Name')).toHaveValue(name)
    await expect(page.getByRole('button', { name: 'Create Listing' })).toBeEnabled()
    expect(uploads.started).toEqual([])
    expect(await listingsOf(page, account.id)).toHaveLength(0)
  })

  test("a text file named fake.png: the file says why, 'Images not uploaded', nothing sent", async ({
    page,
    account,
  }) => {
    expect(await listingsOf(page, account.id)).toHaveLength(0)
    const uploads = watchUploads(page)
    const name = uniqueName('Fake photo')
    await page.goto('/create-listing')
    await fillListing(page, {
      name,
      regularPrice: 900,
      images: [await photo('garden.jpg'), notAnImage('fake.png')],
    })
    await page.getByRole('button', { name: 'Create Listing' }).click()

    await expect(toastWith(page, 'Images not uploaded')).toBeVisible()
    // Its first bytes are no picture's: marked when picked, with no preview, and never sent.
    const fake = chosenImages(page).getByRole('listitem').filter({ hasText: 'fake.png' })
    await expect(fake.getByText('Not a JPEG or PNG image')).toBeVisible()
    await expect(fake.getByRole('img')).toHaveCount(0)
    expect(uploads.started).toEqual([])
    await expect(page).toHaveURL('/create-listing')
    await expect(field(page, 'Name')).toHaveValue(name)
    await expect(field(page, 'Address')).toHaveValue(paris)
    await expect(chosenImages(page).getByRole('listitem')).toHaveCount(2)
    expect(await listingsOf(page, account.id)).toHaveLength(0)
  })
})

test.describe('Edit Listing', () => {
  test('the owner edits from the profile: prefilled, images reordered, removed and added, renamed', async ({
    page,
    account,
    listingOf,
  }) => {
    const name = uniqueName('Canal house')
    const listing = await listingOf(account, {
      type: 'sale',
      name,
      bedrooms: 4,
      address: paris,
      regularPrice: 350000,
      images: [
        await photo('front.jpg', colours.red),
        await photo('garden.jpg', colours.green),
        await photo('pool.jpg', colours.blue),
      ],
    })
    const [front, garden, pool] = listing.imageUrls

    await page.goto('/profile')
    const yourListings = page.getByRole('region', { name: 'Your Listings' })
    await yourListings
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('link', { name: 'Edit listing' })
      .click()
    await expect(page).toHaveURL(`/edit-listing/${listing.id}`)
    await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible()

    // Prefilled from the stored listing; the address is its stored location.
    await expect(field(page, 'Name')).toHaveValue(name)
    await expect(field(page, 'Address')).toHaveValue(paris)
    await expect(field(page, 'Bedrooms')).toHaveValue('4')
    await expect(field(page, 'Regular Price')).toHaveValue('350000')
    await expect(toggle(page, 'Sell / Rent', 'Sell')).toHaveAttribute('aria-pressed', 'true')
    const previewSources = () =>
      chosenImages(page)
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src')))
    expect(await previewSources()).toEqual([front, garden, pool])

    await page.getByRole('button', { name: 'Move Photo 3 up' }).click()
    await expect.poll(previewSources).toEqual([front, pool, garden])
    await page.getByRole('button', { name: 'Remove Photo 1' }).click()
    await expect.poll(previewSources).toEqual([pool, garden])
    await field(page, 'Images').setInputFiles([await photo('porch.png', colours.yellow)])
    await expect(chosenImages(page).getByRole('listitem')).toHaveCount(3)
    await expect(chosenImages(page).getByText('porch.png', { exact: true })).toBeVisible()

    const newName = uniqueName('Canal view')
    await field(page, 'Name').fill(newName)
    const listingReads = watchListingReads(page)
    await page.getByRole('button', { name: 'Edit Listing' }).click()

    await expect(toastWith(page, 'Listing saved')).toBeVisible()
    await expect(page).toHaveURL(`/category/sale/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${newName} - $${formatPrice(350000)}`,
    )
    const saved = await listingFromApi(page, listing.id)
    expect(saved.name).toBe(newName)
    expect(saved.imageUrls).toHaveLength(3)
    expect(saved.imageUrls.slice(0, 2)).toEqual([pool, garden])
    expect(listing.imageUrls).not.toContain(saved.imageUrls[2])
    await expect(
      page.getByRole('region', { name: 'Photos' }).getByRole('group', { includeHidden: true }),
    ).toHaveCount(3)
    expect(await photoSources(page)).toEqual(saved.imageUrls)
    // The removed photo's files went with it.
    expect((await page.request.get(front!)).status()).toBe(404)
    // The page showed the listing the edit returned, without reading it again.
    expect(listingReads).toEqual([])
  })

  test("someone else's listing: 'You cannot edit this listing' and back to Explore", async ({
    page,
    account,
    newUser,
    listingOf,
  }) => {
    void account
    const owner = await newUser('owner', 'Owner Person')
    const name = uniqueName('Not yours')
    const listing = await listingOf(owner, { name })

    await page.goto(`/edit-listing/${listing.id}`)
    await expect(toastWith(page, 'You cannot edit this listing')).toBeVisible()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
    expect((await listingFromApi(page, listing.id)).name).toBe(name)
  })

  test('a listing that does not exist sends the user to Explore', async ({ page, account }) => {
    void account
    allowConsoleErrors(page, /status of 404/)
    await page.goto('/edit-listing/doesNotExist')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
  })
})

test.describe('Your Listings on the profile', () => {
  test('delete asks first: dismissed keeps the listing, accepted removes it', async ({
    page,
    account,
    listingOf,
  }) => {
    const keptName = uniqueName('Kept house')
    const doomedName = uniqueName('Doomed house')
    const kept = await listingOf(account, { name: keptName })
    const doomed = await listingOf(account, {
      name: doomedName,
      type: 'rent',
      address: paris,
      regularPrice: 1500,
    })
    const deletes: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url())
    })

    await page.goto('/profile')
    const yourListings = page.getByRole('region', { name: 'Your Listings' })
    await expect(yourListings.getByRole('heading', { name: 'Your Listings' })).toBeVisible()
    const card = (name: string) => yourListings.getByRole('listitem').filter({ hasText: name })
    await expect(card(keptName)).toBeVisible()
    await expect(card(doomedName)).toBeVisible()
    // A card: its page, cover, location, name, price with commas, and the rooms.
    await expect(
      card(doomedName).getByRole('link', { name: new RegExp(doomedName) }),
    ).toHaveAttribute('href', `/category/${doomed.type}/${doomed.id}`)
    await expect(card(doomedName).getByRole('link', { name: 'Edit listing' })).toHaveAttribute(
      'href',
      `/edit-listing/${doomed.id}`,
    )
    // The cover is decorative (alt=""): the link already names the listing.
    await expect(card(doomedName).locator('img')).toBeVisible()
    for (const text of [paris, '$1,500 / Month', '1 Bedroom', '1 Bathroom']) {
      await expect(card(doomedName)).toContainText(text)
    }

    const questions: string[] = []
    page.once('dialog', (dialog) => {
      questions.push(dialog.message())
      void dialog.dismiss()
    })
    await card(doomedName).getByRole('button', { name: 'Delete listing' }).click()
    expect(questions).toEqual(['Are you sure you want to delete?'])
    await expect(card(doomedName)).toBeVisible()
    expect(deletes).toEqual([])
    await listingFromApi(page, doomed.id)

    page.once('dialog', (dialog) => {
      questions.push(dialog.message())
      void dialog.accept()
    })
    await card(doomedName).getByRole('button', { name: 'Delete listing' }).click()
    await expect(toastWith(page, 'Successfully deleted listing')).toBeVisible()
    await expect(card(doomedName)).toHaveCount(0)
    await expect(card(keptName)).toBeVisible()
    expect(questions).toHaveLength(2)
    expect((await page.request.get(`/api/listings/${doomed.id}`)).status()).toBe(404)
    expect((await listingsOf(page, account.id)).map((listing) => listing.id)).toEqual([kept.id])
  })
})

test.describe('Create Listing for a visitor', () => {
  test('a visitor who opens /create-listing is sent to Sign in', async ({ page }) => {
    await page.goto('/create-listing')
    await expect(page).toHaveURL('/sign-in')
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Create a Listing' })).toHaveCount(0)
  })
})
