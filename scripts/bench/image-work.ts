// What one upload costs in image work (docs/performance.md, Images): the CPU time of a 12-megapixel
// phone photo, how far two 16-bit PNGs processed together raise the process's memory, and the disk
// the largest upload takes once stored, share image included (docs/security.md).
// `tsx --expose-gc scripts/bench/image-work.ts` prints the figures as JSON; image-work.test.ts
// runs it in a process of its own, so nothing else moves its memory.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import { createDiskStore } from '../../src/server/media/disk-store.js'
import { originalNames } from '../../src/server/media/image-formats.js'
import { storeUploadedImage } from '../../src/server/media/images.js'
import { createShareImages } from '../../src/server/media/share-images.js'
import { maxImageBytes } from '../../src/shared/listing-schema.js'
import { readMemory, sampleRss } from './memory.js'

export interface ImageWork {
  photo: { uploadBytes: number; originalBytes: number; cpuSeconds: number; wallSeconds: number }
  png16: { uploadBytes: number; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number }
  /** a JPEG of random noise just under the size limit: its image folder's files, in bytes */
  largest: { uploadBytes: number; storedBytes: number; files: Record<string, number> }
}

/** A JPEG of random noise (what compresses least) as close under the upload limit as we can. */
export async function largestUpload(): Promise<Buffer> {
  for (let width = 4300; ; width -= 100) {
    const height = Math.round((width * 2) / 3)
    const body = await sharp(crypto.randomBytes(width * height * 3), {
      raw: { width, height, channels: 3 },
    })
      .jpeg({ quality: 92 })
      .toBuffer()
    if (body.length <= maxImageBytes) return body
  }
}

/**
 * A 12-megapixel JPEG (4000×3000 unless told) at quality 92 as a phone saves it, with grain (so it
 * compresses like a photo, about 4.5 MB), EXIF orientation and GPS tags.
 */
export async function phonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  const grain = crypto.randomBytes(pixels.length)
  for (let i = 0; i < pixels.length; i++) {
    const row = Math.floor(i / 3 / width)
    pixels[i] = (90 + (row % 255) / 2 + (i % 3) * 20 + (grain[i]! & 31)) & 255
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Orientation: '6', Make: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer()
}

/** A 6000×6000 RGBA PNG of 16 bits a channel: a few hundred kilobytes, 288 MB of pixels. */
export function deepPng(): Promise<Buffer> {
  return sharp({ create: { width: 6000, height: 6000, channels: 4, background: '#3a7a' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer()
}

export async function measureImageWork(): Promise<ImageWork> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'image-work-'))
  try {
    const media = createDiskStore(path.join(dir, 'media'))
    const photo = await phonePhoto()
    const cpu = process.cpuUsage()
    const started = performance.now()
    await storeUploadedImage(media, 'images/photo', photo)
    const used = process.cpuUsage(cpu)
    const wallSeconds = (performance.now() - started) / 1000
    const original = await fs.stat(path.join(media.root, 'images/photo', originalNames.jpeg))

    const png = await deepPng()
    ;(globalThis as { gc?: () => void }).gc?.()
    const rssBeforeMb = readMemory(process.pid).rssMb
    const sampler = sampleRss(process.pid, 10)
    await Promise.all(['a', 'b'].map((name) => storeUploadedImage(media, `images/${name}`, png)))
    const rssPeakMb = sampler.stop()
    const rssAfterMb = readMemory(process.pid).rssMb

    const largest = await largestUpload()
    await storeUploadedImage(media, 'images/largest', largest)
    await createShareImages(media).read('images/largest')
    const folder = path.join(media.root, 'images/largest')
    const files: Record<string, number> = {}
    for (const name of await fs.readdir(folder)) {
      files[name] = (await fs.stat(path.join(folder, name))).size
    }
    return {
      photo: {
        uploadBytes: photo.length,
        originalBytes: original.size,
        cpuSeconds: (used.user + used.system) / 1e6,
        wallSeconds,
      },
      png16: {
        uploadBytes: png.length,
        rssBeforeMb,
        rssPeakMb,
        rssAfterMb,
      },
      largest: {
        uploadBytes: largest.length,
        storedBytes: Object.values(files).reduce((sum, size) => sum + size, 0),
        files,
      },
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await measureImageWork())}\n`)
}
