// Share images are made once per image and read from the store after, on the disk store and on S3
// (s3rver): by this server, by another one, and by requests arriving together.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver.js'
import { createDiskStore } from './disk-store.js'
import { storeImageVariants } from './images.js'
import { imageFileKeys, shareImageName, type MediaStore } from './media-store.js'
import { createS3Store } from './s3-store.js'
import { createShareImages, UnreadableImageError } from './share-images.js'

let dir: string
let s3: LocalS3

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'share-images-'))
  s3 = await startS3rver()
})
afterAll(async () => {
  await s3?.close()
  await fs.rm(dir, { recursive: true, force: true })
})

const stores: [string, () => MediaStore][] = [
  ['disk', () => createDiskStore(path.join(dir, 'media'))],
  [
    's3',
    () =>
      createS3Store({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      }),
  ],
]

let nextId = 0
/** A fresh image folder per test, with its variants stored. */
async function storedImage(store: MediaStore): Promise<string> {
  nextId += 1
  const cover = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer()
  return storeImageVariants(store, `images/u1-house.png-${nextId}${Date.now().toString(36)}`, cover)
}

/** The store, with its writes of share images counted: one per image made. */
function counted(store: MediaStore) {
  const put = vi.fn(store.put)
  const makes = () => put.mock.calls.filter(([key]) => key.endsWith(`/${shareImageName}`)).length
  return { store: { ...store, put }, makes }
}

describe.each(stores)('share images (%s store)', (_, createStore) => {
  it('are a 1200×630 JPEG, stored beside the variants and made only once', async () => {
    const { store, makes } = counted(createStore())
    const imageKey = await storedImage(store)
    const shareImages = createShareImages(store)

    const body = await shareImages.read(imageKey)
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    expect((await store.read(`${imageKey}/${shareImageName}`))?.equals(body!)).toBe(true)
    expect(makes()).toBe(1)

    expect((await shareImages.read(imageKey))?.equals(body!)).toBe(true)
    // Another server finds it in the store too.
    expect((await createShareImages(store).read(imageKey))?.equals(body!)).toBe(true)
    expect(makes()).toBe(1)
  })

  it('are made once for requests that arrive together', async () => {
    const { store, makes } = counted(createStore())
    const imageKey = await storedImage(store)
    const shareImages = createShareImages(store)

    const bodies = await Promise.all([1, 2, 3].map(() => shareImages.read(imageKey)))
    expect(new Set(bodies.map((body) => body?.toString('base64'))).size).toBe(1)
    expect(makes()).toBe(1)
  })

  it('are read without waiting for image processing once made', async () => {
    const store = createStore()
    const imageKey = await storedImage(store)
    const made = await createShareImages(store).read(imageKey)
    // Uploads have taken every turn of image processing, for as long as this test runs.
    const busy = () => new Promise<never>(() => {})
    expect((await createShareImages(store, busy).read(imageKey))?.equals(made!)).toBe(true)
  })

  it('are not made again when another server made one while this one waited its turn', async () => {
    const { store, makes } = counted(createStore())
    const imageKey = await storedImage(store)
    const otherServer = createShareImages(store)
    const afterOtherServer = async <T>(_owner: string, task: () => Promise<T>) => {
      await otherServer.read(imageKey)
      return task()
    }
    const body = await createShareImages(store, afterOtherServer).read(imageKey)
    expect(await sharp(body).metadata()).toMatchObject({ width: 1200, height: 630 })
    expect(makes()).toBe(1)
  })

  it('are none for an image that does not exist, and nothing is stored', async () => {
    const { store, makes } = counted(createStore())
    expect(await createShareImages(store).read('images/u1-never-stored')).toBeUndefined()
    expect(makes()).toBe(0)
  })

  it('fail clearly for a broken image, and store nothing', async () => {
    const store = createStore()
    const imageKey = await storedImage(store)
    await store.put(`${imageKey}/w1200.webp`, Buffer.from('RIFF not really'), 'image/webp')

    await expect(createShareImages(store).read(imageKey)).rejects.toThrow(UnreadableImageError)
    expect(await store.exists(`${imageKey}/${shareImageName}`)).toBe(false)
  })

  it('do not outlive an image deleted while its share image was made', async () => {
    const store = createStore()
    const imageKey = await storedImage(store)
    // The listing is deleted just before the share image is written.
    const deleting: MediaStore = {
      ...store,
      async put(key, body, type) {
        await store.delete(imageFileKeys(imageKey))
        await store.put(key, body, type)
      },
    }

    expect(await createShareImages(deleting).read(imageKey)).toBeUndefined()
    expect(await store.exists(`${imageKey}/${shareImageName}`)).toBe(false)
  })

  it('go with the rest of the image when it is deleted', async () => {
    const store = createStore()
    const imageKey = await storedImage(store)
    await createShareImages(store).read(imageKey)
    await store.delete(imageFileKeys(imageKey))
    expect(await store.exists(`${imageKey}/${shareImageName}`)).toBe(false)
  })
})
