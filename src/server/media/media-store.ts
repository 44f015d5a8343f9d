// Where image files live. One interface; disk by default, S3 when STORAGE=s3.
import { imageWidths, variantName, type ImageWidth } from '../../shared/media.js'

export interface MediaStore {
  /** Stores one file under `key` (e.g. `images/{uid}-{name}-{id}/w400.webp`). */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The stored file's bytes; undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>
  exists(key: string): Promise<boolean>
  /** Removes the files with these keys; missing ones are not an error. */
  delete(keys: string[]): Promise<void>
  /** The public URL of a stored file. */
  url(key: string): string
  /** The public URL of an image's largest variant, which names the others (shared/media.ts). */
  imageUrl(imageKey: string): string
}

/**
 * The share image's file in an image folder (share-image.ts); the size is in the name, so a new
 * size never meets an old file.
 */
export const shareImageName = 'share-1200x630.jpg'

/**
 * The folders of the photos `npm run seed -- --photos shared` draws once for many listings: a
 * listing that lets go of one leaves it to the others.
 */
export const sharedImagePrefix = 'images/seed-shared-'

/**
 * Every file an image folder may hold: each variant, the share image once someone asked for it,
 * and the cleaned original in either format.
 */
export function imageFileKeys(imageKey: string): string[] {
  return [
    ...imageWidths.map((width: ImageWidth) => `${imageKey}/${variantName(width)}`),
    `${imageKey}/${shareImageName}`,
    `${imageKey}/original.jpg`,
    `${imageKey}/original.png`,
  ]
}

export const largestImageWidth: ImageWidth = imageWidths[imageWidths.length - 1]!

/** Keys are made by us, but the disk store still refuses anything that could leave its folder. */
export function isSafeKey(key: string): boolean {
  return (
    /^[A-Za-z0-9._/-]{1,300}$/.test(key) &&
    !key.split('/').some((part) => part === '' || part === '.' || part === '..')
  )
}
