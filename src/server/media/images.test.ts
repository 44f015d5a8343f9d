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
import { cardImageBudget, storeImageVariants } from './images.js'

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
