// How well photo hashes recognise a copied listing photo, measured over generated photos: grainy
// gradients and shapes, a few grey ones, and drawings of houses alike in layout, as the demo's are.
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { houseSvg } from '../seed/house-image.js'
import { seededRandom } from '../seed/random.js'
import {
  hammingDistance,
  hashBlocks,
  matchingDistance,
  photoHashes,
  photoHashOf,
  photosMatch,
} from './photo-hash.js'

const random = seededRandom(2024)
const shapePhotoCount = 200
const houseCount = 24
const width = 800
const height = 600

interface Photo {
  image: Buffer
  width: number
  height: number
}

/** A gradient under 4 to 13 shapes of random colours. */
function shapesSvg(): string {
  const colour = () => `rgb(${random.int(0, 255)},${random.int(0, 255)},${random.int(0, 255)})`
  const parts = [
    `<defs><linearGradient id="g" x1="${random.next()}" y1="${random.next()}" x2="${random.next()}" y2="${random.next()}">` +
      `<stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
  ]
  for (let n = random.int(4, 13); n > 0; n--) {
    const x = random.next() * width
    const y = random.next() * height
    const size = (0.05 + random.next() * 0.4) * width
    const paint = `fill="${colour()}" opacity="${0.6 + random.next() * 0.4}"`
    const shapes = [
      `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size * (0.4 + random.next())}" ${paint}/>`,
      `<circle cx="${x}" cy="${y}" r="${size / 2}" ${paint}/>`,
      `<polygon points="${x},${y - size / 2} ${x + size / 2},${y + size / 2} ${x - size / 2},${y + size / 2}" ${paint}/>`,
    ]
    parts.push(random.pick(shapes))
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`
}

// Grain, as a camera's: one long run of noise, each photo taking it from its own offset.
const grain = Uint8Array.from({ length: 2 * width * height * 3 }, () => random.int(0, 40))

/** The drawing with grain added, as a JPEG of quality 90; grey when asked. */
async function photoOf(svg: string, grainFrom: number, grey: boolean): Promise<Photo> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(width)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  for (let at = 0; at < data.length; at++) {
    data[at] = Math.max(0, Math.min(255, data[at]! + grain[grainFrom + at]! - 20))
  }
  const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
  const image = await (grey ? pixels.greyscale() : pixels).jpeg({ quality: 90 }).toBuffer()
  return { image, width: info.width, height: info.height }
}

/** Runs `work` on each item, a few at a time (sharp's threads share two cores). */
async function eachOf<T, R>(items: T[], work: (item: T, index: number) => Promise<R>) {
  const results: R[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all([worker(), worker(), worker()])
  return results
}

/** The photo less the given fractions of its width or height on each side, as a JPEG. */
function cropped(
  photo: Photo,
  sides: { left?: number; right?: number; top?: number; bottom?: number },
) {
  const left = Math.round((sides.left ?? 0) * photo.width)
  const top = Math.round((sides.top ?? 0) * photo.height)
  const right = Math.round((sides.right ?? 0) * photo.width)
  const bottom = Math.round((sides.bottom ?? 0) * photo.height)
  return sharp(photo.image)
    .extract({ left, top, width: photo.width - left - right, height: photo.height - top - bottom })
    .jpeg({ quality: 85 })
    .toBuffer()
}

const sideNames = ['left', 'right', 'top', 'bottom'] as const

/** The share of photos whose copy, made by `copy`, matches the hashes stored for the photo. */
async function caughtShare(copy: (photo: Photo, index: number) => Promise<Buffer>) {
  const caught = await eachOf(photos, async (photo, index) =>
    photosMatch(await photoHashOf(await copy(photo, index)), stored[index]!),
  )
  return caught.filter(Boolean).length / photos.length
}

let photos: Photo[]
let stored: string[][]

beforeAll(async () => {
  // Everything random is picked here, in order, so the photos are the same on every run.
  const drawings = [
    ...Array.from({ length: shapePhotoCount }, (_, n) => ({
      svg: shapesSvg(),
      grey: n % 10 === 9,
    })),
    ...Array.from({ length: houseCount }, (_, n) => ({
      svg: houseSvg(seededRandom(1000 + n)),
      grey: false,
    })),
  ].map((drawing) => ({ ...drawing, grainFrom: random.int(0, width * height * 3) }))
  photos = await eachOf(drawings, ({ svg, grainFrom, grey }) => photoOf(svg, grainFrom, grey))
  stored = await eachOf(photos, (photo) => photoHashes(photo.image))
}, 60_000)

describe('photo hashes', () => {
  it('keep at most 10 hashes of 16 hex digits per photo', () => {
    for (const hashes of stored) {
      expect(hashes.length).toBeLessThanOrEqual(10)
      for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{16}$/)
    }
  })

  it('recognise 95% of photos uploaded again at half their width or 640 px wide', async () => {
    const share = await caughtShare((photo, index) =>
      sharp(photo.image)
        .resize(index % 2 === 0 ? Math.round(photo.width / 2) : 640)
        .jpeg({ quality: 85 })
        .toBuffer(),
    )
    expect(share).toBeGreaterThanOrEqual(0.95)
  })

  it('recognise 95% of photos recompressed as JPEG at quality 30 to 50', async () => {
    const draw = seededRandom(1)
    const qualities = photos.map(() => draw.int(30, 50))
    const share = await caughtShare((photo, index) =>
      sharp(photo.image).jpeg({ quality: qualities[index]! }).toBuffer(),
    )
    expect(share).toBeGreaterThanOrEqual(0.95)
  })

  it('recognise 95% of photos cropped by 5% on one side', async () => {
    const draw = seededRandom(2)
    const sides = photos.map(() => draw.pick(sideNames))
    const share = await caughtShare((photo, index) => cropped(photo, { [sides[index]!]: 0.05 }))
    expect(share).toBeGreaterThanOrEqual(0.95)
  })

  it('recognise 95% of photos cropped by 5% split between two opposite sides', async () => {
    const draw = seededRandom(3)
    const cuts = photos.map(() => ({ across: draw.chance(0.5), first: draw.next() * 0.05 }))
    const share = await caughtShare((photo, index) => {
      const { across, first } = cuts[index]!
      return cropped(
        photo,
        across ? { left: first, right: 0.05 - first } : { top: first, bottom: 0.05 - first },
      )
    })
    expect(share).toBeGreaterThanOrEqual(0.95)
  })

  it('match at most 1% of distinct photos, drawings of houses included, to another photo', async () => {
    // The drawings of houses come nearest: two of them, alike in layout, are 6 bits apart.
    const newHashes = await eachOf(photos, (photo) => photoHashOf(photo.image))
    const flagged = newHashes.filter((hash, index) =>
      stored.some((hashes, other) => other !== index && photosMatch(hash, hashes)),
    )
    expect(flagged.length / photos.length).toBeLessThanOrEqual(0.01)
  })
})

describe('hammingDistance and hashBlocks', () => {
  it('count the bits that differ', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0)
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64)
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2)
    expect(hammingDistance('00000000f0000000', '0000000000000000')).toBe(4)
  })

  it('split a hash into its 8 bytes', () => {
    expect(hashBlocks('0123456789abcdef')).toEqual([
      { block: 0, value: 0x01 },
      { block: 1, value: 0x23 },
      { block: 2, value: 0x45 },
      { block: 3, value: 0x67 },
      { block: 4, value: 0x89 },
      { block: 5, value: 0xab },
      { block: 6, value: 0xcd },
      { block: 7, value: 0xef },
    ])
  })

  it('leave two hashes within matchingDistance at least 2 blocks in common', () => {
    const hex = (bits: number[]) =>
      Array.from({ length: 16 }, (_, digit) =>
        bits
          .slice(4 * digit, 4 * digit + 4)
          .reduce((sum, bit) => sum * 2 + bit, 0)
          .toString(16),
      ).join('')
    const draw = seededRandom(4)
    for (let trial = 0; trial < 500; trial++) {
      const bits = Array.from({ length: 64 }, () => draw.int(0, 1))
      const changed = [...bits]
      for (let flips = draw.int(1, matchingDistance); flips > 0; flips--) {
        const at = draw.int(0, 63)
        changed[at] = 1 - changed[at]!
      }
      const [a, b] = [hashBlocks(hex(bits)), hashBlocks(hex(changed))]
      expect(hammingDistance(hex(bits), hex(changed))).toBeLessThanOrEqual(matchingDistance)
      expect(a.filter((block, k) => block.value === b[k]!.value).length).toBeGreaterThanOrEqual(2)
    }
  })
})
