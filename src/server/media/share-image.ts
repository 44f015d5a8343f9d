// The picture a shared link's preview card shows (Open Graph, Twitter): 1200×630, the size the
// platforms ask for, cut from the cover. share-images.ts makes it once per image and keeps it.
import sharp from 'sharp'
import { imagePipeline } from './images.js'

export const shareImageSize = { width: 1200, height: 630 } as const

/** Where the server serves share images: `/share-images/{folder}/1200x630.jpg`. */
export const shareImagesPath = '/share-images'
export const shareImageFile = '1200x630.jpg'

/**
 * The most bytes a share image may take (docs/performance.md): chat apps fetch it while the
 * person waits for the preview, and some skip images over a few hundred kilobytes.
 */
export const shareImageBudget = 150_000

// Lower qualities are tried, in turn, only while the image is over its budget.
const qualities = [80, 70, 60, 50, 40, 30]

/**
 * A 1200×630 JPEG (mozjpeg, progressive) of `input`, cut to fill it (the part libvips finds most
 * interesting is kept), without metadata; what was transparent becomes white.
 */
export async function makeShareImage(input: Buffer): Promise<Buffer> {
  const cut = imagePipeline(input)
    .resize({ ...shareImageSize, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
  let body: Buffer = Buffer.alloc(0)
  for (const quality of qualities) {
    body = await cut.clone().jpeg({ quality, mozjpeg: true }).toBuffer()
    if (body.length <= shareImageBudget) break
  }
  return body
}

/** An image folder's name as our keys make it (`images/{folder}`): nothing that leaves a folder. */
export function isImageFolder(folder: string): boolean {
  return /^[A-Za-z0-9._-]{1,250}$/.test(folder) && folder !== '.' && folder !== '..'
}

/**
 * The share image's path for a cover, named by the cover's image folder, so a new cover has a new
 * URL; undefined for a URL that is not one of our variants (media-store.ts `imageUrl`).
 */
export function shareImagePath(coverUrl: string): string | undefined {
  const match = /\/images\/([^/]+)\/w\d+\.webp$/.exec(new URL(coverUrl, 'http://x/').pathname)
  let folder: string
  try {
    folder = decodeURIComponent(match?.[1] ?? '')
  } catch {
    return undefined
  }
  return isImageFolder(folder) ? `${shareImagesPath}/${folder}/${shareImageFile}` : undefined
}
