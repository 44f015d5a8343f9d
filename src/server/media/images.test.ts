// The stored variants' shapes and sizes: the whole picture within a square of the variant's width
// (a portrait stays one), never enlarged, turned by their EXIF orientation, and a card's image
// within its byte budget even for the least compressible picture there is (random noise).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantName, type ImageWidth } from '../../shared/media.js'
import { createDiskStore } from './disk-store.js'
import { originalNames, type ImageFormat } from './image-formats.js'
import { cardImageBudget, storeImageVariants, storeUploadedImage } from './images.js'

let dir: string
let store: ReturnType<typeof createDiskStore>

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'images-'))
  store = createDiskStore(path.join(dir, 'media'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

const noise = (width: number, height: number) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })

async function variant(key: string, width: ImageWidth) {
  const file = path.join(store.root, key, variantName(width))
  const body = await fs.readFile(file)
  const { width: w, height: h, format } = await sharp(body).metadata()
  return { bytes: body.length, width: w, height: h, format }
}

describe('stored variants', () => {
  it('keep a portrait whole, its card image of random noise within the budget', async () => {
    const key = await storeImageVariants(
      store,
      'images/noise',
      await noise(1200, 1800).png().toBuffer(),
    )
    const card = await variant(key, 400)
    expect(card).toMatchObject({ width: 267, height: 400, format: 'webp' })
    expect(card.bytes).toBeLessThanOrEqual(cardImageBudget)
    expect(await variant(key, 1200)).toMatchObject({ width: 800, height: 1200 })
  })

  it('keep a square card image of random noise within the budget', async () => {
    const key = await storeImageVariants(
      store,
      'images/square',
      await noise(1200, 1200).png().toBuffer(),
    )
    const card = await variant(key, 400)
    expect(card).toMatchObject({ width: 400, height: 400 })
    expect(card.bytes).toBeLessThanOrEqual(cardImageBudget)
  })

  it('leave a wide picture its whole width and height', async () => {
    const key = await storeImageVariants(
      store,
      'images/panorama',
      await noise(1500, 500).jpeg().toBuffer(),
    )
    expect(await variant(key, 400)).toMatchObject({ width: 400, height: 133 })
    expect(await variant(key, 1200)).toMatchObject({ width: 1200, height: 400 })
  })

  it('never enlarge a small picture', async () => {
    const key = await storeImageVariants(
      store,
      'images/small',
      await noise(300, 200).png().toBuffer(),
    )
    expect(await variant(key, 400)).toMatchObject({ width: 300, height: 200 })
    expect(await variant(key, 1200)).toMatchObject({ width: 300, height: 200 })
  })

  it('measure a picture as it is shown, after its EXIF orientation', async () => {
    // Stored 300×600 but turned a quarter (orientation 6): shown 600×300, which is wide.
    const turned = await noise(300, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    const key = await storeImageVariants(store, 'images/turned', turned)
    expect(await variant(key, 400)).toMatchObject({ width: 400, height: 200 })
  })
})

describe('cleaned originals', () => {
  const withGps = {
    IFD0: { Make: 'Phone', Copyright: 'Someone' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
  }
  /** Stores an upload; returns its cleaned original's bytes and what sharp reads of them. */
  async function original(name: string, upload: Buffer, format: ImageFormat) {
    await storeUploadedImage(store, `images/${name}`, upload)
    const body = await fs.readFile(path.join(store.root, 'images', name, originalNames[format]))
    return { body, metadata: await sharp(body).metadata() }
  }

  it.each([
    ['a photo saved at quality 95', () => noise(800, 600).jpeg({ quality: 95 }).withExif(withGps)],
    ['a small JPEG at quality 80', () => noise(64, 48).jpeg({ quality: 80 }).withExif(withGps)],
    [
      // mozjpeg's tables and trellis at quality 10: no re-encode of ours fits, so the upload's
      // own picture segments are kept, its EXIF dropped.
      'a mozjpeg JPEG at quality 10, squeezed harder than we squeeze',
      () => noise(300, 200).jpeg({ quality: 10, mozjpeg: true }).withExif(withGps),
    ],
  ])('are never larger than the upload, without metadata: %s', async (name, make) => {
    const upload = await make().toBuffer()
    const { width, height } = await sharp(upload).metadata()
    const { body, metadata } = await original(name.replace(/\W+/g, '-'), upload, 'jpeg')
    expect(body.length).toBeLessThanOrEqual(upload.length)
    expect(metadata).toMatchObject({ format: 'jpeg', width, height })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(body.includes('Phone')).toBe(false)
  })

  it('keep a PNG no larger than the upload, without its text chunks', async () => {
    // A palette PNG at zlib's best, as optimisers write them: our re-encode cannot beat it, so
    // the upload's own picture chunks are kept (its palette too).
    const upload = await noise(200, 200)
      .png({ palette: true, compressionLevel: 9, colours: 16 })
      .withMetadata()
      .withExif(withGps)
      .toBuffer()
    const { body, metadata } = await original('palette', upload, 'png')
    expect(body.length).toBeLessThanOrEqual(upload.length)
    expect(metadata).toMatchObject({ format: 'png', width: 200, height: 200, isPalette: true })
    expect(metadata.exif).toBeUndefined()
    expect(body.includes('Phone')).toBe(false)
  })

  it('bring a 16-bit PNG down to 8 bits', async () => {
    const upload = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#3a7a' },
    })
      .toColourspace('rgb16')
      .png()
      .toBuffer()
    expect((await sharp(upload).metadata()).depth).toBe('ushort')
    const { body, metadata } = await original('deep', upload, 'png')
    expect(metadata).toMatchObject({ depth: 'uchar', width: 300, height: 200 })
    expect(body.length).toBeLessThanOrEqual(upload.length)
  })
})
