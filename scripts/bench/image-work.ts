// What one upload costs in image work (docs/performance.md, Images): the CPU time of a 12-megapixel
// phone photo, and how far two 16-bit PNGs processed together raise the process's memory.
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
import { readMemory, sampleRss } from './memory.js'

export interface ImageWork {
  photo: { uploadBytes: number; originalBytes: number; cpuSeconds: number; wallSeconds: number }
  png16: { uploadBytes: number; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number }
}

/**
 * A 4000×3000 JPEG at quality 92 as a phone saves it, with grain (so it compresses like a photo,
 * about 4.5 MB), EXIF orientation and GPS tags.
 */
export async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000]
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
        rssAfterMb: readMemory(process.pid).rssMb,
      },
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await measureImageWork())}\n`)
}
