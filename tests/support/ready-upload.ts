// A finished upload of a user's, made as the tus route makes one (row, stored image, ready), for
// tests that need many without going through tus' hourly limit.
import sharp from 'sharp'
import type { AppContext } from '../../src/server/app'
import { newId } from '../../src/server/ids'
import { storeUploadedImage } from '../../src/server/media/images'

let png: Promise<Buffer> | undefined

/** Returns the upload id and its image key; the image is a small green PNG unless given. */
export async function storeReadyUpload(
  context: AppContext,
  userId: string,
  image?: Buffer,
): Promise<{ id: string; imageKey: string }> {
  png ??= sharp({ create: { width: 48, height: 32, channels: 3, background: '#5a8' } })
    .png()
    .toBuffer()
  const id = newId(24)
  const imageKey = `images/${userId}-test.png-${newId()}`
  await context.uploads.create({ id, userId, originalName: 'test.png' })
  await storeUploadedImage(context.media, imageKey, image ?? (await png))
  await context.uploads.markReady(id, imageKey)
  return { id, imageKey }
}
