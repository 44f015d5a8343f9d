// A crafted progressive JPEG: a big picture followed by hundreds of scans of a few bytes each, every
// one of which libjpeg reads the whole picture for. Small to send, seconds to decode, and
// sharp's own time limit cannot stop a decode half-way: the scans are counted first. The time
// limit bounds the rest of every pipeline.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStore } from './disk-store.js'
import { ImageRejectedError, imagePipeline, storeUploadedImage } from './images.js'

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff])

/** Entropy-coded bytes from bits, padded with 1s, a 0x00 stuffed after every 0xFF. */
function entropyBytes(bits: number[]): Buffer {
  const bytes: number[] = []
  for (let i = 0; i < bits.length; i += 8) {
    let byte = 0
    for (let j = 0; j < 8; j++) byte = (byte << 1) | (bits[i + j] ?? 1)
    bytes.push(byte)
    if (byte === 0xff) bytes.push(0x00)
  }
  return Buffer.from(bytes)
}

/**
 * A progressive JPEG of `size`² grey pixels with `extraScans` more AC scans, each ending every
 * block at once with a few end-of-band runs (libjpeg warns of a bogus progression, and goes on).
 */
async function manyScanJpeg(size: number, extraScans: number): Promise<Buffer> {
  const base = await sharp({
    create: { width: size, height: size, channels: 3, background: '#888' },
  })
    .jpeg({ progressive: true, quality: 50, mozjpeg: false })
    .toBuffer()
  // A Huffman table (AC, number 1) with one code of one bit: an end-of-band run of 2^14 + 14 bits.
  const counts = Buffer.alloc(16)
  counts[0] = 1
  const table = Buffer.concat([Buffer.from([0x11]), counts, Buffer.from([0xe0])])
  const dht = Buffer.concat([Buffer.from([0xff, 0xc4]), u16(table.length + 2), table])
  const bits: number[] = []
  for (let blocks = Math.ceil(size / 8) ** 2; blocks > 0; blocks -= 32767) {
    bits.push(0, ...Array<number>(14).fill(1))
  }
  // Component 1 with AC table 1, coefficients 1 to 63, no successive approximation.
  const header = Buffer.from([1, 1, 0x01, 1, 63, 0x00])
  const scan = Buffer.concat([
    Buffer.from([0xff, 0xda]),
    u16(header.length + 2),
    header,
    entropyBytes(bits),
  ])
  return Buffer.concat([
    base.subarray(0, base.length - 2),
    dht,
    ...Array<Buffer>(extraScans).fill(scan),
    Buffer.from([0xff, 0xd9]),
  ])
}

let dir: string
let store: ReturnType<typeof createDiskStore>

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slow-images-'))
  store = createDiskStore(path.join(dir, 'media'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('an image made to be slow', () => {
  it('is refused at once, before anything decodes it, and nothing is stored', async () => {
    const input = await manyScanJpeg(6000, 300)
    expect(input.length).toBeLessThan(300_000)
    const started = performance.now()
    await expect(storeUploadedImage(store, 'images/slow', input)).rejects.toThrow(
      ImageRejectedError,
    )
    expect(performance.now() - started).toBeLessThan(1000)
    await expect(fs.readdir(path.join(store.root, 'images/slow'))).rejects.toThrow()
  }, 60_000)

  it('carries the time limit in every pipeline, which stops work libvips reports progress on', async () => {
    // libvips checks the limit only when it reports progress, which it does not do inside a
    // progressive decode (hence the scan count) nor a mozjpeg encode: a wide blur, which it does
    // report, stands in for slow work here. It would take minutes; it is stopped after the limit,
    // one second here and imageTimeoutSeconds in production, where every pipeline is made so.
    const input = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer()
    const started = performance.now()
    await expect(
      imagePipeline(input, { timeoutSeconds: 1 }).blur(300).raw().toBuffer(),
    ).rejects.toThrow(/timeout/)
    expect(performance.now() - started).toBeLessThan(5000)
  }, 60_000)

  it.each([
    ['libjpeg', false],
    ['mozjpeg', true],
  ])('leaves progressive JPEGs as %s writes them alone', async (_, mozjpeg) => {
    const input = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#468' },
    })
      .jpeg({ progressive: true, mozjpeg })
      .toBuffer()
    await storeUploadedImage(store, `images/progressive-${String(mozjpeg)}`, input)
  })
})
