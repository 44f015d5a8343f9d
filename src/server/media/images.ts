// Uploaded and generated images become the stored variants of shared/media.ts, metadata stripped.
import sharp from 'sharp'
import { imageWidths, variantName, type ImageWidth } from '../../shared/media.js'
import { maxImagePixels } from '../../shared/listing-schema.js'
import {
  formatOf,
  jpegQuality,
  jpegScanCount,
  maxJpegScans,
  originalNames,
  pngEndOffset,
  withoutMetadata,
  type ImageFormat,
} from './image-formats.js'
import { largestImageWidth, type MediaStore } from './media-store.js'

// Each image is read once and never again: libvips' operation cache would only hold memory.
sharp.cache(false)

/**
 * How long one pipeline may run before libvips kills it: far above what a 40-megapixel photo needs,
 * its cleaned original's re-encode included, two at a time on a small machine.
 */
export const imageTimeoutSeconds = 30

/**
 * Every pipeline of ours: at most 40 megapixels, killed once over the time limit. libvips checks
 * the limit only when it reports progress, which it does not inside a progressive JPEG's decode: a
 * JPEG's scans are counted before anything decodes it (maxJpegScans).
 */
export function imagePipeline(
  input: Buffer,
  options: {
    timeoutSeconds?: number
    limitInputPixels?: number | false
    failOn?: 'truncated'
  } = {},
) {
  const {
    timeoutSeconds = imageTimeoutSeconds,
    limitInputPixels = maxImagePixels,
    failOn,
  } = options
  return sharp(input, { limitInputPixels, ...(failOn && { failOn }) }).timeout({
    seconds: timeoutSeconds,
  })
}

/** An upload that is not an image we accept; the message is for the person who chose the file. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError'
}

/**
 * The most bytes a card's image (the 400 px variant) may take (docs/performance.md): a list of ten
 * cards stays light on a phone's connection whatever people upload.
 */
export const cardImageBudget = 40_000

// Lower qualities are tried, in turn, only while a card image is over its budget.
const qualities = { 400: [70, 55, 40, 25, 10], 1200: [78] } as const

/** A square of `width`, holding the whole picture, never enlarging it. */
const within = (width: number) =>
  ({ width, height: width, fit: 'inside', withoutEnlargement: true }) as const

/**
 * Stores every variant of `input` in the folder `imageKey`; returns that key. Each variant is the
 * whole picture, within a square of its width: a portrait keeps its shape, for the listing page's
 * gallery shows it whole (cards cut it themselves, with object-fit: cover). The upload is decoded
 * once, into the largest variant's pixels (a JPEG at a fraction of its size, as libjpeg can), and
 * the variants are made from those one after another: one thread of sharp's pool per upload.
 */
export async function storeImageVariants(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<string> {
  // sharp writes no EXIF, XMP or ICC metadata unless asked to keep it; rotate() applies the
  // EXIF orientation first, so the picture still stands the right way up.
  const { data, info } = await imagePipeline(input)
    .rotate()
    .resize(within(largestImageWidth))
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  const bodies = new Map<ImageWidth, Buffer>()
  for (const variantWidth of imageWidths) {
    const resized = sharp(data, { raw }).resize(within(variantWidth))
    for (const quality of qualities[variantWidth]) {
      const body = await resized.clone().webp({ quality, effort: 4 }).toBuffer()
      bodies.set(variantWidth, body)
      if (variantWidth !== 400 || body.length <= cardImageBudget) break
    }
  }
  const stored = await Promise.allSettled(
    [...bodies].map(([width, body]) =>
      media.put(`${imageKey}/${variantName(width)}`, body, 'image/webp'),
    ),
  )
  // Every write has ended before a failure is reported, so whoever removes the folder then
  // removes all of it.
  const failure = stored.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
  return imageKey
}

/** The quality of a cleaned JPEG original: plain libjpeg-turbo, a fraction of mozjpeg's time. */
const originalQuality = 85

/**
 * The cleaned original, made anew from the pixels without metadata, in the upload's format and
 * never larger than the upload: a JPEG at the upload's own quality (at most 85), then 15 lower; a
 * PNG at zlib's usual level, from `pixelInput` (the upload, or its 8-bit copy). When none fits (a
 * file squeezed harder than we squeeze), the upload's own picture segments without the rest.
 * Decoding every pixel here also proves the file whole: a truncated one is refused before anything
 * is stored.
 */
async function cleanedOriginal(
  upload: Buffer,
  pixelInput: Buffer,
  format: ImageFormat,
): Promise<Buffer> {
  const pixels = () => imagePipeline(pixelInput, { failOn: 'truncated' }).rotate()
  const attempts: (() => Promise<Buffer>)[] = []
  if (format === 'jpeg') {
    const quality = Math.min(originalQuality, jpegQuality(upload) ?? originalQuality)
    for (const step of new Set([quality, Math.max(10, quality - 15)])) {
      attempts.push(() => pixels().jpeg({ quality: step }).toBuffer())
    }
  } else {
    attempts.push(() => pixels().png({ compressionLevel: 6 }).toBuffer())
  }
  for (const attempt of attempts) {
    const cleaned = await attempt()
    if (cleaned.length <= upload.length) return cleaned
  }
  return withoutMetadata(upload, format)
}

/**
 * Checks that an upload really is a JPEG or PNG (by its content, not its name) of at most
 * 40 megapixels that decodes whole, then stores the variants and the cleaned original.
 */
export async function storeUploadedImage(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<void> {
  const { format, pixelInput } = await checkUploadedImage(input)
  const unreadable = new ImageRejectedError('This file is not a readable JPEG or PNG image')
  const original = await cleanedOriginal(input, pixelInput, format).catch((error: unknown) => {
    throw error instanceof ImageRejectedError ? error : unreadable
  })
  await storeImageVariants(media, imageKey, pixelInput)
  await media.put(`${imageKey}/${originalNames[format]}`, original, `image/${format}`)
}

/**
 * Returns the upload's format, and the input to make its images from: the upload, or a 16-bit
 * picture brought down to 8 bits first (libvips would otherwise carry 16-bit pixels through every
 * step, and hold hundreds of megabytes for one). Throws ImageRejectedError saying what is wrong.
 */
async function checkUploadedImage(
  input: Buffer,
): Promise<{ format: ImageFormat; pixelInput: Buffer }> {
  const format = formatOf(input)
  if (!format) throw new ImageRejectedError('This file is not a JPEG or PNG image')
  if (format === 'jpeg' && jpegScanCount(input) > maxJpegScans) {
    throw new ImageRejectedError(
      'This JPEG is saved in too many passes: save it again from an image editor',
    )
  }
  const unreadable = new ImageRejectedError('This file is not a readable JPEG or PNG image')
  // The header alone: its declared size is checked here, with our own message.
  const metadata = await imagePipeline(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  if (metadata?.format !== format) throw unreadable
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxImagePixels) {
    throw new ImageRejectedError('Images may have at most 40 megapixels')
  }
  if (format === 'png') {
    // Bytes after the end chunk are no part of the picture: a script riding along, say.
    const end = pngEndOffset(input)
    if (end === undefined) throw unreadable
    if (end !== input.length) {
      throw new ImageRejectedError(
        'This PNG has extra data after the picture: save it again from an image editor',
      )
    }
  }
  if (metadata.depth !== 'ushort') return { format, pixelInput: input }
  // Read as it streams in and written at zlib's fastest level: the 8-bit copy is only a step.
  const eightBits = await imagePipeline(input, { failOn: 'truncated' })
    .toColourspace((metadata.channels ?? 3) <= 2 ? 'b-w' : 'srgb')
    .png({ compressionLevel: 1 })
    .toBuffer()
    .catch(() => {
      throw unreadable
    })
  return { format, pixelInput: eightBits }
}
