// Uploaded and generated images become the stored variants of shared/media.ts, metadata stripped.
import sharp from 'sharp'
import { imageWidths, variantName } from '../../shared/media.js'
import { maxImagePixels } from '../../shared/listing-schema.js'
import type { MediaStore } from './media-store.js'

// Each image is read once and never again: libvips' operation cache would only hold memory.
sharp.cache(false)

/**
 * How long one pipeline may run before libvips kills it: far above what a 40-megapixel photo needs,
 * its cleaned original's re-encode included, two at a time on a small machine.
 */
export const imageTimeoutSeconds = 30

/**
 * Every pipeline of ours: at most 40 megapixels, killed once over the time limit. libvips checks
 * the limit only when it reports progress, which it does not inside a progressive JPEG's decode (nor
 * a mozjpeg encode): a JPEG's scans are counted before anything decodes it (maxJpegScans).
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

/**
 * Stores every variant of `input` in the folder `imageKey`; answers that key. Each variant is the
 * whole picture, within a square of its width: a portrait keeps its shape, for the listing page's
 * gallery shows it whole (cards cut it themselves, with object-fit: cover).
 */
export async function storeImageVariants(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<string> {
  const stored = await Promise.allSettled(
    imageWidths.map(async (variantWidth) => {
      // sharp writes no EXIF, XMP or ICC metadata unless asked to keep it; rotate() applies the
      // EXIF orientation first, so the picture still stands the right way up.
      const resized = imagePipeline(input).rotate().resize({
        width: variantWidth,
        height: variantWidth,
        fit: 'inside',
        withoutEnlargement: true,
      })
      let body: Buffer = Buffer.alloc(0)
      for (const quality of qualities[variantWidth]) {
        body = await resized.clone().webp({ quality, effort: 4 }).toBuffer()
        if (variantWidth !== 400 || body.length <= cardImageBudget) break
      }
      await media.put(`${imageKey}/${variantName(variantWidth)}`, body, 'image/webp')
    }),
  )
  // Every write has ended before a failure is reported, so whoever removes the folder then
  // removes all of it.
  const failure = stored.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
  return imageKey
}

/** The cleaned original's file name in an image folder, by format. */
export const originalNames = { jpeg: 'original.jpg', png: 'original.png' } as const

type ImageFormat = keyof typeof originalNames

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const jpegStart = Buffer.from([0xff, 0xd8, 0xff])

/** The format by the file's first bytes: sharp never parses anything else (SVG, GIF, TIFF…). */
function formatOf(input: Buffer): ImageFormat | undefined {
  if (input.subarray(0, pngSignature.length).equals(pngSignature)) return 'png'
  if (input.subarray(0, jpegStart.length).equals(jpegStart)) return 'jpeg'
  return undefined
}

/**
 * The most scans a JPEG may have. Encoders write 1 (baseline) or about 10 (progressive); each scan
 * makes the decoder walk the whole picture again, so thousands of few-byte scans keep a worker
 * busy for minutes, and libvips cannot stop a decode half-way.
 */
export const maxJpegScans = 100

/**
 * The scans (SOS markers) of a JPEG, by walking its segments and skipping each scan's coded
 * data; counting stops at the end marker or where the file stops making sense.
 */
function jpegScanCount(input: Buffer): number {
  let scans = 0
  let offset = 2
  while (offset + 1 < input.length && input[offset] === 0xff) {
    const marker = input[offset + 1]!
    // Fill bytes, and markers without a length (TEM, restarts).
    if (marker === 0xff) offset += 1
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) offset += 2
    else if (marker === 0xd9 || offset + 4 > input.length) break
    else {
      offset += 2 + input.readUInt16BE(offset + 2)
      if (marker !== 0xda) continue
      scans += 1
      // Coded data runs to the next marker: a 0xFF not followed by a stuffed 0x00 or a restart.
      while (offset + 1 < input.length) {
        const next = input[offset + 1]!
        if (input[offset] === 0xff && next !== 0x00 && (next < 0xd0 || next > 0xd7)) break
        offset += 1
      }
    }
  }
  return scans
}

/**
 * Where a PNG's end chunk (IEND) ends, walking its chunks (length, type, data, CRC); undefined when
 * the chunks run past the file, which is then cut short.
 */
function pngEndOffset(input: Buffer): number | undefined {
  let offset = pngSignature.length
  while (offset + 12 <= input.length) {
    const next = offset + 12 + input.readUInt32BE(offset)
    if (input.toString('latin1', offset + 4, offset + 8) === 'IEND') return next
    offset = next
  }
  return undefined
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
  const format = await checkUploadedImage(input)
  const original = imagePipeline(input).rotate()
  const cleaned =
    format === 'jpeg'
      ? await original.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      : await original.png({ compressionLevel: 9 }).toBuffer()
  await storeImageVariants(media, imageKey, input)
  await media.put(`${imageKey}/${originalNames[format]}`, cleaned, `image/${format}`)
}

/** Answers the upload's format, or throws ImageRejectedError saying what is wrong with it. */
async function checkUploadedImage(input: Buffer): Promise<ImageFormat> {
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
  // Decode every pixel once (streamed into a thumbnail, so memory stays small): a truncated or
  // corrupt file fails here, before anything is stored.
  await imagePipeline(input, { failOn: 'truncated' })
    .resize(32, 32)
    .toBuffer()
    .catch(() => {
      throw unreadable
    })
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
  return format
}
