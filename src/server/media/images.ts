// Uploaded and generated images become the stored variants of shared/media.ts, metadata stripped.
import sharp from 'sharp'
import { imageWidths, variantName } from '../../shared/media.js'
import { maxImagePixels } from '../../shared/listing-schema.js'
import type { MediaStore } from './media-store.js'

// Each image is read once and never again: libvips' operation cache would only hold memory.
sharp.cache(false)

/** An upload that is not an image we accept; the message is for the person who chose the file. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError'
}

/** Stores every variant of `input` in the folder `imageKey`; answers that key. */
export async function storeImageVariants(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<string> {
  await Promise.all(
    imageWidths.map(async (width) => {
      // sharp writes no EXIF, XMP or ICC metadata unless asked to keep it; rotate() applies the
      // EXIF orientation first, so the picture still stands the right way up.
      const body = await sharp(input, { limitInputPixels: maxImagePixels })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: width > 400 ? 78 : 70, effort: 4 })
        .toBuffer()
      await media.put(`${imageKey}/${variantName(width)}`, body, 'image/webp')
    }),
  )
  return imageKey
}

/** The cleaned original's file name in an image folder, by format. */
export const originalNames = { jpeg: 'original.jpg', png: 'original.png' } as const

/**
 * Checks that an upload really is a JPEG or PNG (by its content, not its name) of at most
 * 40 megapixels that decodes whole, then stores the variants and the cleaned original.
 */
export async function storeUploadedImage(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<void> {
  let format: keyof typeof originalNames
  try {
    const metadata = await sharp(input).metadata()
    if (metadata.format !== 'jpeg' && metadata.format !== 'png') {
      throw new ImageRejectedError('Only JPEG and PNG images are accepted')
    }
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxImagePixels) {
      throw new ImageRejectedError('Images may have at most 40 megapixels')
    }
    format = metadata.format
    // Decode every pixel once (streamed into a thumbnail, so memory stays small): a truncated or
    // corrupt file fails here, before anything is stored.
    await sharp(input, { limitInputPixels: maxImagePixels, failOn: 'truncated' })
      .resize(32, 32)
      .toBuffer()
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error
    throw new ImageRejectedError('This file is not a readable JPEG or PNG image')
  }

  const original = sharp(input, { limitInputPixels: maxImagePixels }).rotate()
  const cleaned =
    format === 'jpeg'
      ? await original.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      : await original.png({ compressionLevel: 9 }).toBuffer()
  await storeImageVariants(media, imageKey, input)
  await media.put(`${imageKey}/${originalNames[format]}`, cleaned, `image/${format}`)
}
