// Share images are made on first request from the cover's largest variant, then read from the media
// store: images stored before share images existed (the demo seed, older data) get one too, and
// only covers that someone shares pay for it (decision 019).
import { variantName } from '../../shared/media.js'
import { imageOwner, shareImageProcessing } from './image-processing.js'
import type { FairQueue } from './fair-queue.js'
import { largestImageWidth, shareImageName, type MediaStore } from './media-store.js'
import { makeShareImage } from './share-image.js'

/** A stored image that sharp cannot read: what it would cut a share image from is broken. */
export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError'
}

export interface ShareImages {
  /**
   * The share image of the image folder `imageKey`, made and stored if it is not yet; undefined
   * when the image does not exist. Throws UnreadableImageError when its variant is broken.
   */
  read(imageKey: string): Promise<Buffer | undefined>
}

export function createShareImages(
  media: MediaStore,
  inTurn: FairQueue = shareImageProcessing,
): ShareImages {
  // One making per image at a time in this server; another server racing us stores the same bytes.
  const making = new Map<string, Promise<Buffer | undefined>>()

  async function make(imageKey: string): Promise<Buffer | undefined> {
    const key = `${imageKey}/${shareImageName}`
    // Made by another server while this request waited its turn.
    const stored = await media.read(key)
    if (stored) return stored
    const sourceKey = `${imageKey}/${variantName(largestImageWidth)}`
    const source = await media.read(sourceKey)
    if (!source) return undefined
    const body = await makeShareImage(source).catch((error: unknown) => {
      throw new UnreadableImageError(`${sourceKey} cannot be read: ${String(error)}`)
    })
    await media.put(key, body, 'image/jpeg')
    // The image was deleted while this one was made: the folder must not keep it alone.
    if (!(await media.exists(sourceKey))) {
      await media.delete([key])
      return undefined
    }
    return body
  }

  return {
    async read(imageKey) {
      const stored = await media.read(`${imageKey}/${shareImageName}`)
      if (stored) return stored
      let pending = making.get(imageKey)
      if (!pending) {
        pending = inTurn(imageOwner(imageKey), () => make(imageKey)).finally(() =>
          making.delete(imageKey),
        )
        making.set(imageKey, pending)
      }
      return pending
    },
  }
}
