// The S3 store against a real S3 API: s3rver on a free port, with a bucket in a temp folder.
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { imageVariantUrl } from '../../shared/media.js'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver.js'
import { loadConfig } from '../config.js'
import { storeImageVariants } from './images.js'
import { createMediaStore } from './media-factory.js'
import { imageFileKeys } from './media-store.js'
import { createS3Client, createS3Store, deleteBatchSize, type S3StoreOptions } from './s3-store.js'

let s3: LocalS3
let options: S3StoreOptions
const bucket = 'house-media'

beforeAll(async () => {
  s3 = await startS3rver(bucket)
  options = {
    endpoint: s3.endpoint,
    bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  }
})

afterAll(() => s3?.close())

/** A store whose client the test can watch. */
function watchedStore() {
  const client = createS3Client(options)
  const send = vi.spyOn(client, 'send')
  return { store: createS3Store(options, client), client, send }
}

async function keysUnder(client: S3Client, prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

let nextId = 0
/** A fresh key prefix per test, so tests never see each other's objects. */
function folder(): string {
  nextId += 1
  return `images/test${nextId}-${Date.now().toString(36)}`
}

describe('S3 media store (against s3rver)', () => {
  it('stores a file that its public URL serves with the content type and an immutable cache', async () => {
    const store = createS3Store(options)
    const key = `${folder()}/w400.webp`
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5])

    await store.put(key, body, 'image/webp')

    expect(store.url(key)).toBe(`${options.endpoint}/${bucket}/${key}`)
    const response = await fetch(store.url(key))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(body)
  })

  it('tells whether a key exists', async () => {
    const store = createS3Store(options)
    const key = `${folder()}/w400.webp`
    expect(await store.exists(key)).toBe(false)
    await store.put(key, Buffer.from('x'), 'image/webp')
    expect(await store.exists(key)).toBe(true)
  })

  it('deletes files: gone from the bucket and from their URL', async () => {
    const store = createS3Store(options)
    const prefix = folder()
    const keys = [`${prefix}/w400.webp`, `${prefix}/w1200.webp`, `${prefix}/keep.webp`]
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/webp')

    await store.delete(keys.slice(0, 2))

    expect(await store.exists(keys[0]!)).toBe(false)
    expect(await store.exists(keys[1]!)).toBe(false)
    expect((await fetch(store.url(keys[0]!))).status).toBe(404)
    expect(await store.exists(keys[2]!)).toBe(true)
  })

  it('does not mind deleting keys that are not there, and sends nothing for none', async () => {
    const { store, send } = watchedStore()
    await expect(store.delete([`${folder()}/w400.webp`])).resolves.toBeUndefined()
    expect(send).toHaveBeenCalledTimes(1)

    send.mockClear()
    await store.delete([])
    expect(send).not.toHaveBeenCalled()
  })

  it('deletes more than 1000 keys in batches of at most 1000', async () => {
    const { store, client, send } = watchedStore()
    const prefix = folder()
    const keys = Array.from({ length: 1005 }, (_, i) => `${prefix}/f${i}.webp`)
    // Only some exist; batching is about requests, and missing keys are fine.
    const stored = [keys[0]!, keys[999]!, keys[1000]!, keys[1004]!]
    for (const key of stored) await store.put(key, Buffer.from(key), 'image/webp')
    expect(await keysUnder(client, prefix)).toHaveLength(4)
    send.mockClear()

    await store.delete(keys)

    const sizes = send.mock.calls
      .map(([command]) => command)
      .filter((command) => command instanceof DeleteObjectsCommand)
      .map((command) => command.input.Delete?.Objects?.length)
    expect(sizes).toEqual([1000, 5])
    expect(await keysUnder(client, prefix)).toEqual([])
  })

  it("deletes the files of a listing's image, whichever of them it has", async () => {
    const store = createS3Store(options)
    const client = createS3Client(options)
    const imageKey = folder()
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer()
    await storeImageVariants(store, imageKey, photo)
    expect(await keysUnder(client, imageKey)).toEqual([
      `${imageKey}/w1200.webp`,
      `${imageKey}/w400.webp`,
    ])
    const large = await fetch(store.imageUrl(imageKey))
    expect(large.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1200)

    await store.delete(imageFileKeys(imageKey))

    expect(await keysUnder(client, imageKey)).toEqual([])
  })

  it('refuses keys that could leave their folder, before any request', async () => {
    const { store, send } = watchedStore()
    for (const key of ['../other/x.webp', '/images/x.webp', 'images//x.webp', 'images/./x.webp']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/)
      await expect(store.delete([key])).rejects.toThrow(/Unsafe/)
      await expect(store.exists(key)).rejects.toThrow(/Unsafe/)
    }
    for (const key of ['images/%2e%2e/x.webp', 'images/a b.webp', 'images/ä.webp', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/)
    }
    // One bad key spoils the whole delete: nothing is half done.
    await expect(store.delete(['images/a/w400.webp', '../x.webp'])).rejects.toThrow(/Unsafe/)
    expect(send).not.toHaveBeenCalled()
  })

  it('fails loudly when the bucket does not respond as expected', async () => {
    const store = createS3Store({ ...options, bucket: 'no-such-bucket' })
    await expect(
      store.put(`${folder()}/w400.webp`, Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/bucket/i)
  })

  it('is what createMediaStore makes for STORAGE=s3, with the configured credentials', async () => {
    const store = createMediaStore(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: options.endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    )
    const key = `${folder()}/w400.webp`
    await store.put(key, Buffer.from('x'), 'image/webp')
    expect(store.root).toBeUndefined()
    expect((await fetch(store.url(key))).status).toBe(200)

    // s3rver knows one access key (it does not verify v4 signatures, so a wrong secret would pass).
    const wrong = createMediaStore(
      loadConfig({
        STORAGE: 's3',
        S3_ENDPOINT: options.endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: 'SOMEONE-ELSE',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    )
    await expect(
      wrong.put(`${folder()}/w400.webp`, Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/Access Key Id/)
  })
})

describe('S3 media store URLs', () => {
  const key = 'images/u1-house-abc/w400.webp'

  it('uses S3_PUBLIC_URL when it is set (a CDN or a public bucket domain)', () => {
    const store = createS3Store({
      bucket,
      endpoint: 'http://127.0.0.1:9000',
      publicUrl: 'https://cdn.example.com/media/',
    })
    expect(store.url(key)).toBe(`https://cdn.example.com/media/${key}`)
  })

  it('uses the endpoint, path style, for S3-compatible services', () => {
    const store = createS3Store({ bucket, endpoint: 'http://127.0.0.1:9000/' })
    expect(store.url(key)).toBe(`http://127.0.0.1:9000/${bucket}/${key}`)
  })

  it("uses the bucket's virtual-hosted AWS address otherwise, in us-east-1 unless told", () => {
    expect(createS3Store({ bucket }).url(key)).toBe(
      `https://${bucket}.s3.us-east-1.amazonaws.com/${key}`,
    )
    expect(createS3Store({ bucket, region: 'eu-central-1' }).url(key)).toBe(
      `https://${bucket}.s3.eu-central-1.amazonaws.com/${key}`,
    )
  })

  it('encodes each segment of a key, keeping its slashes', () => {
    const store = createS3Store({ bucket, publicUrl: 'https://cdn.example.com' })
    expect(store.url('images/a b/ü#?.webp')).toBe(
      'https://cdn.example.com/images/a%20b/%C3%BC%23%3F.webp',
    )
  })

  it("gives an image's largest variant, whose URL names the others, as the disk store does", () => {
    const store = createS3Store({ bucket, publicUrl: 'https://cdn.example.com' })
    const url = store.imageUrl('images/u1-house-abc')
    expect(url).toBe('https://cdn.example.com/images/u1-house-abc/w1200.webp')
    expect(imageVariantUrl(url, 400)).toBe(store.url(key))
  })
})

describe('S3 client settings', () => {
  it('uses path style and checksums only where required when an endpoint is set', async () => {
    const client = createS3Client({ bucket, endpoint: 'http://127.0.0.1:9000' })
    expect(client.config.forcePathStyle).toBe(true)
    expect(await client.config.region()).toBe('us-east-1')
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED')
    expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED')
  })

  it("keeps AWS's own defaults without an endpoint", async () => {
    const client = createS3Client({ bucket, region: 'eu-west-1' })
    expect(client.config.forcePathStyle).not.toBe(true)
    expect(await client.config.region()).toBe('eu-west-1')
  })
})

describe('deleteBatchSize', () => {
  it("is S3's limit of keys per DeleteObjects", () => {
    expect(deleteBatchSize).toBe(1000)
  })
})
