// The listing page's photos on listings of the test's own: arrows and a '1 / 3' counter, a
// portrait shown whole over a blurred copy of itself, the full-screen view from the keyboard
// alone; and a name of one long word, which must not widen the page on a phone.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { colours, photo, type ImageFile } from '../support/e2e/images'
import { expect, test } from '../support/e2e/session'

const desktop = { width: 1440, height: 900 }
const phone = { width: 390, height: 844 }

/** A portrait JPEG, 2:3, of one colour. */
async function portraitPhoto(name: string): Promise<ImageFile> {
  const buffer = await sharp({
    create: { width: 600, height: 900, channels: 3, background: colours.yellow },
  })
    .jpeg()
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

const threePhotos = () =>
  Promise.all([
    photo('front.jpg', colours.red),
    photo('garden.jpg', colours.green),
    photo('kitchen.jpg', colours.blue),
  ])

/** Tabs forward until `target` has focus, as someone on a keyboard would. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test.describe('Photo gallery', () => {
  test("the arrows move through the photos and the counter follows: '1 / 3', round at the ends", async ({
    page,
    newUser,
    listingOf,
  }) => {
    const owner = await newUser('gallery')
    const listing = await listingOf(owner, { images: await threePhotos() })
    await page.goto(`/category/${listing.type}/${listing.id}`)

    const photos = page.getByRole('region', { name: 'Photos' })
    const shown = (n: number) => photos.getByRole('img', { name: `${listing.name}, photo ${n}` })
    await expect(photos.getByText('1 / 3')).toBeVisible()
    await expect(shown(1)).toBeInViewport()

    await photos.getByRole('button', { name: 'Next photo' }).click()
    await expect(photos.getByText('2 / 3')).toBeVisible()
    await expect(shown(2)).toBeInViewport({ ratio: 0.9 })
    await expect(photos.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )

    await photos.getByRole('button', { name: 'Next photo' }).click()
    await expect(photos.getByText('3 / 3')).toBeVisible()
    await photos.getByRole('button', { name: 'Next photo' }).click()
    await expect(photos.getByText('1 / 3')).toBeVisible()
    await expect(shown(1)).toBeInViewport({ ratio: 0.9 })
    await photos.getByRole('button', { name: 'Previous photo' }).click()
    await expect(photos.getByText('3 / 3')).toBeVisible()
    await expect(shown(3)).toBeInViewport({ ratio: 0.9 })
  })

  test('a sideways swipe on the photos moves to the next, and the counter follows', async ({
    page,
    newUser,
    listingOf,
  }) => {
    const owner = await newUser('gallery-swipe')
    const listing = await listingOf(owner, { images: await threePhotos() })
    await page.goto(`/category/${listing.type}/${listing.id}`)

    const photos = page.getByRole('region', { name: 'Photos' })
    await photos.getByRole('img', { name: `${listing.name}, photo 1` }).hover()
    // More than half of the photo's width: the strip snaps on to the next one.
    await page.mouse.wheel(300, 0)
    await expect(photos.getByText('2 / 3')).toBeVisible()
    await expect(photos.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  for (const viewport of [phone, desktop]) {
    test(`a portrait photo is shown whole, a blurred copy of it filling the sides, at ${viewport.width} px`, async ({
      page,
      newUser,
      listingOf,
    }) => {
      await page.setViewportSize(viewport)
      const owner = await newUser('portrait')
      const listing = await listingOf(owner, {
        images: [await portraitPhoto('tall.jpg'), await photo('wide.jpg')],
      })
      await page.goto(`/category/${listing.type}/${listing.id}`)

      const slide = page.getByRole('group', { name: '1 of 2' })
      const portrait = slide.getByRole('img', { name: `${listing.name}, photo 1` })
      await expect(portrait).toHaveJSProperty('complete', true)
      const shown = await portrait.evaluate((image: HTMLImageElement) => {
        const frame = image.parentElement!.getBoundingClientRect()
        const box = image.getBoundingClientRect()
        // With object-fit: contain the picture is scaled to fit the box, whole.
        const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight)
        return {
          natural: { width: image.naturalWidth, height: image.naturalHeight },
          fit: getComputedStyle(image).objectFit,
          insideFrame:
            box.left >= frame.left - 0.5 &&
            box.right <= frame.right + 0.5 &&
            box.top >= frame.top - 0.5 &&
            box.bottom <= frame.bottom + 0.5,
          picture: { width: image.naturalWidth * scale, height: image.naturalHeight * scale },
          frame: { width: frame.width, height: frame.height },
        }
      })
      // The stored photo is still a portrait: nothing cut it to a landscape on the way.
      expect(shown.natural.height).toBeGreaterThan(shown.natural.width)
      expect(shown.fit).toBe('contain')
      expect(shown.insideFrame).toBe(true)
      // Its whole height fills the frame, and the sides are left to the blurred copy.
      expect(shown.picture.height).toBeCloseTo(shown.frame.height, 0)
      expect(shown.picture.width).toBeLessThan(shown.frame.width * 0.6)

      const backdrop = slide.locator('img[alt=""]')
      await expect(backdrop).toHaveCount(1)
      const copy = await backdrop.evaluate((image: HTMLImageElement) => ({
        src: image.currentSrc,
        fit: getComputedStyle(image).objectFit,
        filter: getComputedStyle(image).filter,
        width: image.getBoundingClientRect().width,
      }))
      expect(copy.src).toBe(await portrait.evaluate((image: HTMLImageElement) => image.currentSrc))
      expect(copy.fit).toBe('cover')
      expect(copy.filter).toContain('blur(')
      expect(copy.width).toBeGreaterThanOrEqual(shown.frame.width)
    })
  }

  test('the full-screen view works from the keyboard alone, and gives focus back', async ({
    page,
    newUser,
    listingOf,
  }) => {
    await page.setViewportSize(desktop)
    const owner = await newUser('viewer')
    const listing = await listingOf(owner, { images: await threePhotos() })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const opener = page.getByRole('button', { name: 'View full screen' })
    await tabTo(page, opener)
    await page.keyboard.press('Enter')

    const viewer = page.getByRole('dialog', { name: listing.name })
    await expect(viewer).toBeVisible()
    await expect(viewer.getByText('1 / 3')).toBeVisible()
    await expect(viewer.getByRole('img', { name: `${listing.name}, photo 1` })).toBeVisible()
    // The large variant, fetched only now.
    await expect(viewer.getByRole('img')).toHaveAttribute('src', /\/w1200\.webp$/)

    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByText('2 / 3')).toBeVisible()
    await expect(viewer.getByRole('img', { name: `${listing.name}, photo 2` })).toBeVisible()

    // Tab and Shift+Tab go round the viewer's controls, never to the page behind.
    const focusInside = () => viewer.evaluate((dialog) => dialog.contains(document.activeElement))
    for (let presses = 0; presses < 5; presses++) {
      await page.keyboard.press('Tab')
      expect(await focusInside()).toBe(true)
    }
    for (let presses = 0; presses < 5; presses++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInside()).toBe(true)
    }
    // The page behind stays where it is.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    )

    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByText('3 / 3')).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByText('1 / 3')).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(viewer.getByText('3 / 3')).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(opener).toBeFocused()
    // The page shows the photo the viewer was left on, and scrolls again.
    const photos = page.getByRole('region', { name: 'Photos' })
    await expect(photos.getByText('3 / 3')).toBeVisible()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    )
  })

  test('a click on the photo opens it full screen, and the close button closes it', async ({
    page,
    newUser,
    listingOf,
  }) => {
    const owner = await newUser('viewer-click')
    const listing = await listingOf(owner, { images: await threePhotos() })
    await page.goto(`/category/${listing.type}/${listing.id}`)

    await page.getByRole('img', { name: `${listing.name}, photo 1` }).click()
    const viewer = page.getByRole('dialog', { name: listing.name })
    await expect(viewer).toBeVisible()
    await viewer.getByRole('button', { name: 'Next photo' }).click()
    await expect(viewer.getByText('2 / 3')).toBeVisible()
    await viewer.getByRole('button', { name: 'Close full screen' }).click()
    await expect(viewer).toBeHidden()
    await expect(page.getByRole('region', { name: 'Photos' }).getByText('2 / 3')).toBeVisible()
  })
})

test.describe('Photo gallery on a touch screen', () => {
  test.use({ hasTouch: true, viewport: phone })

  test('a finger swiped sideways in the full-screen view shows the next photo', async ({
    page,
    newUser,
    listingOf,
  }) => {
    const owner = await newUser('viewer-touch')
    const listing = await listingOf(owner, { images: await threePhotos() })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await page.getByRole('button', { name: 'View full screen' }).tap()
    const viewer = page.getByRole('dialog', { name: listing.name })
    await expect(viewer.getByText('1 / 3')).toBeVisible()

    const box = (await viewer.getByRole('img').boundingBox())!
    const y = box.y + box.height / 2
    const touch = await page.context().newCDPSession(page)
    const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      touch.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      })
    await finger('touchStart', 300)
    for (const x of [260, 200, 140, 100]) await finger('touchMove', x)
    await finger('touchEnd', 100)
    await expect(viewer.getByText('2 / 3')).toBeVisible()
    await expect(viewer.getByRole('img', { name: `${listing.name}, photo 2` })).toBeVisible()
  })
})

test.describe('A name of one long word', () => {
  test('wraps, and the page stays as wide as a 390 px phone with its bottom bar whole', async ({
    page,
    newUser,
    listingOf,
  }) => {
    await page.setViewportSize(phone)
    const owner = await newUser('long-name')
    // 32 letters, the longest name the spec allows, with nowhere to break.
    const name = 'Supercalifragilisticexpialidocio'
    const listing = await listingOf(owner, { name })
    await page.goto(`/category/${listing.type}/${listing.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }))
    expect(widths.page).toBeLessThanOrEqual(widths.viewport)

    const navigation = page.getByRole('navigation', { name: 'Main' })
    await expect(navigation).toBeInViewport({ ratio: 1 })
    for (const entry of ['Explore', 'Offers', 'Profile']) {
      await expect(navigation.getByRole('link', { name: entry })).toBeInViewport({ ratio: 1 })
    }
  })
})
