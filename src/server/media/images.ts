// Turns an image into the stored variants of shared/media.ts (WebP at each width, metadata stripped).
import sharp from 'sharp'
import { imageWidths, variantName } from '../../shared/media.js'
import type { MediaStore } from './media-store.js'

/** Stores every variant of `input` in the folder `imageKey`; answers that key. */
export async function storeImageVariants(
  media: MediaStore,
  imageKey: string,
  input: Buffer,
): Promise<string> {
  await Promise.all(
    imageWidths.map(async (width) => {
      // sharp drops EXIF, XMP and ICC metadata unless asked to keep it.
      const body = await sharp(input)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: width > 400 ? 78 : 70, effort: 4 })
        .toBuffer()
      await media.put(`${imageKey}/${variantName(width)}`, body, 'image/webp')
    }),
  )
  return imageKey
}
