// Hostile files through real tus: each is refused with a message a person can
// act on, and leaves nothing behind: no stored file, no staged bytes, no upload a listing could use.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { maxImageBytes } from '../../shared/listing-schema'
import type { Dialect } from '../db/database'
import { createS3Client } from '../media/s3-store'
import { stagingPrefix } from './s3-staging-store'
import { uploadLimits } from './upload-limits'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { createUpload, sendChunk, tusUpload, type TusResult } from '../../../tests/support/tus'
import { signIn } from '../../../tests/support/sign-in'

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer()

/** Noise does not compress, so a cut lands in the middle of the picture data. */
const noise = (format: 'png' | 'jpeg') =>
  sharp(crypto.randomBytes(256 * 256 * 3), { raw: { width: 256, height: 256, channels: 3 } })
    .toFormat(format)
    .toBuffer()

const halfOf = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const pngEnd = pngChunk('IEND', Buffer.alloc(0))

/**
 * A complete, valid 1-bit PNG of `size`×`size` black pixels: a decompression bomb, a few hundred
 * kilobytes that a decoder would turn into `size`² bytes.
 */
async function pngBomb(size: number): Promise<Buffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 1 // bit depth; colour type 0 (grey), deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(size / 8))
  const rows = Readable.from(
    (function* () {
      for (let y = 0; y < size; y++) yield row
    })(),
  ).pipe(zlib.createDeflate({ level: 9 }))
  const compressed: Buffer[] = []
  for await (const part of rows) compressed.push(part as Buffer)
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngEnd,
  ])
}

/** Made once (a few seconds of deflating) for every store the suite runs on. */
let bomb: Promise<Buffer> | undefined

/** A small PNG with one extra chunk just after its header. */
async function pngWithChunk(type: string, data: Buffer): Promise<Buffer> {
  const plain = await image('png')
  const afterHeader = pngSignature.length + 25 // IHDR: length, type, 13 bytes, CRC
  return Buffer.concat([
    plain.subarray(0, afterHeader),
    pngChunk(type, data),
    plain.subarray(afterHeader),
  ])
}

/** A real JPEG whose frame header claims another size. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await image('jpeg'))
  const frame = jpeg.findIndex((byte, i) => byte === 0xff && (jpeg[i + 1]! & 0xfe) === 0xc0)
  jpeg.writeUInt16BE(height, frame + 5)
  jpeg.writeUInt16BE(width, frame + 7)
  return jpeg
}

const script = Buffer.from('<script>alert(document.cookie)</script>')

const messages = {
  notAnImage: 'This file is not a JPEG or PNG image',
  unreadable: 'This file is not a readable JPEG or PNG image',
  empty: 'The file is empty',
  tooManyPixels: 'Images may have at most 40 megapixels',
  extraData: 'This PNG has extra data after the picture: save it again from an image editor',
  nameChars: 'File names may not contain slashes or control characters',
  nameLength: 'The file name is too long (at most 255 characters)',
  noName: 'The upload needs a file name',
} as const

/** Files that must be refused, with the status and the words the form shows beside the file. */
const hostileFiles: [string, () => Promise<Buffer>, string, number, string][] = [
  [
    'a text file named .png',
    async () => Buffer.from('just some text\n'.repeat(20)),
    'photo.png',
    422,
    messages.notAnImage,
  ],
  [
    'an HTML page named .jpg',
    async () => Buffer.from(`<!doctype html><title>x</title>${script}`),
    'photo.jpg',
    422,
    messages.notAnImage,
  ],
  [
    'an SVG',
    async () =>
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'),
    'drawing.svg',
    422,
    messages.notAnImage,
  ],
  [
    'an SVG with a script, named .png',
    async () =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">${script}</svg>`,
      ),
    'house.png',
    422,
    messages.notAnImage,
  ],
  ['a GIF named .png', () => image('gif'), 'anim.png', 422, messages.notAnImage],
  ['a WebP named .jpg', () => image('webp'), 'modern.jpg', 422, messages.notAnImage],
  ['a truncated PNG', async () => halfOf(await noise('png')), 'cut.png', 422, messages.unreadable],
  [
    'a truncated JPEG',
    async () => halfOf(await noise('jpeg')),
    'cut.jpg',
    422,
    messages.unreadable,
  ],
  [
    'a PNG cut just before its end chunk',
    async () => (await image('png')).subarray(0, -pngEnd.length),
    'cut.png',
    422,
    messages.unreadable,
  ],
  ['an empty file', async () => Buffer.alloc(0), 'empty.png', 422, messages.empty],
  [
    'a PNG bomb of 50000×50000 pixels',
    () => (bomb ??= pngBomb(50_000)),
    'bomb.png',
    422,
    messages.tooManyPixels,
  ],
  [
    'a JPEG declaring 60000×60000 pixels',
    () => jpegDeclaring(60_000, 60_000),
    'bomb.jpg',
    422,
    messages.tooManyPixels,
  ],
  [
    'a PNG whose text chunk inflates to 64 MB',
    () =>
      pngWithChunk(
        'zTXt',
        Buffer.concat([
          Buffer.from('Comment\0\0', 'latin1'),
          zlib.deflateSync(Buffer.alloc(64 << 20)),
        ]),
      ),
    'text-bomb.png',
    422,
    messages.unreadable,
  ],
  [
    'a PNG with a script appended',
    async () => Buffer.concat([await image('png'), script]),
    'script.png',
    422,
    messages.extraData,
  ],
  [
    'a PNG with a script and a second end chunk appended',
    async () => Buffer.concat([await image('png'), script, pngEnd]),
    'script.png',
    422,
    messages.extraData,
  ],
  ['a name with ../', () => image('png'), '../../etc/passwd.png', 400, messages.nameChars],
  ['a name with ..\\', () => image('png'), '..\\..\\boot.png', 400, messages.nameChars],
  ['a name with a NUL byte', () => image('png'), 'photo\0.png.exe', 400, messages.nameChars],
  ['a name with a newline', () => image('png'), 'photo\r\n.png', 400, messages.nameChars],
  ['a name of direction controls only', () => image('png'), '\u202e\u2066', 400, messages.noName],
  [
    'a name of 300 characters',
    () => image('png'),
    `${'a'.repeat(296)}.png`,
    400,
    messages.nameLength,
  ],
]

/** Files that are accepted, but whose hostile part never reaches the media store. */
const cleanedFiles: [string, () => Promise<Buffer>][] = [
  // Phones append a video after a JPEG's end (motion photos): refusing those would refuse real
  // photos, and the stored files are made anew from the pixels anyway.
  ['a JPEG with a script appended', async () => Buffer.concat([await image('jpeg'), script])],
  [
    'a PNG with a script in a text chunk',
    () => pngWithChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), script])),
  ],
  [
    'a JPEG with a script in a comment',
    async () => {
      const jpeg = await image('jpeg')
      const comment = Buffer.alloc(4)
      comment.writeUInt16BE(0xfffe)
      comment.writeUInt16BE(script.length + 2, 2)
      return Buffer.concat([jpeg.subarray(0, 2), comment, script, jpeg.subarray(2)])
    },
  ],
]

/** Names people's files really have: accepted, and only a safe slug of them is in the key. */
const oddNames: [string, string][] = [
  ['<img src=x onerror=alert(1)>.png', 'img-src-x-onerror-alert-1-.png'],
  ['Maison été 🏠.png', 'Maison-ete-.png'],
  ['..png', 'png'],
  ['%2e%2e%2fetc.png', '2e-2e-2fetc.png'],
  ['\u202Egnp.exe', 'gnp.exe'],
]

/** Where stored files are looked for: the disk store's folders, or the S3 bucket. */
interface StoredFiles {
  keys(): Promise<string[]>
  read(key: string): Promise<Buffer>
  /** What tus keeps of unfinished uploads. */
  staged(): Promise<string[]>
  /** Makes an unfinished upload an hour and a second old, as tus knows it. */
  age(id: string): Promise<void>
}

const anHourAgo = () =>
  new Date(Date.now() - uploadLimits.unfinishedLifetimeMs - 1000).toISOString()

const filesUnder = (folder: string): string[] =>
  fs.existsSync(folder)
    ? (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
        .sort()
    : []

const diskFiles = (dataDir: string): StoredFiles => {
  const root = path.join(dataDir, 'media')
  const staging = path.join(dataDir, 'uploads')
  return {
    keys: async () => filesUnder(root),
    read: (key) => fs.promises.readFile(path.join(root, key)),
    staged: async () => filesUnder(staging),
    async age(id) {
      // tus keeps the upload's creation time next to its bytes.
      const info = path.join(staging, `${id}.json`)
      const upload = JSON.parse(fs.readFileSync(info, 'utf8')) as { creation_date: string }
      fs.writeFileSync(info, JSON.stringify({ ...upload, creation_date: anHourAgo() }))
    },
  }
}

function bucketFiles(s3: LocalS3): StoredFiles {
  const client = createS3Client(s3)
  const allKeys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
    expect(listed.IsTruncated).toBeFalsy()
    return (listed.Contents ?? []).map((object) => object.Key!).sort()
  }
  return {
    keys: async () => (await allKeys()).filter((key) => !key.startsWith(stagingPrefix)),
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },
    staged: async () => (await allKeys()).filter((key) => key.startsWith(stagingPrefix)),
    async age(id) {
      // tus keeps the upload's creation time in its note beside the multipart upload.
      const Key = `${stagingPrefix}${id}.info`
      const info = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }))
      const upload = JSON.parse(await info.Body!.transformToString()) as object
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key,
          Body: JSON.stringify({ ...upload, creation_date: anHourAgo() }),
          Metadata: info.Metadata,
        }),
      )
    },
  }
}

const stores: [string, Dialect, 'disk' | 's3'][] = [
  ...dialects.map((dialect): [string, Dialect, 'disk'] => [`${dialect}, disk`, dialect, 'disk']),
  ['sqlite, S3 (s3rver)', 'sqlite', 's3'],
]

describe.each(stores)('hostile uploads on %s', (_, dialect, storage) => {
  let s3: LocalS3 | undefined
  let t: TestApp
  let stored: StoredFiles
  let owner: TestUser
  let cookie: string

  beforeAll(async () => {
    if (storage === 's3') s3 = await startS3rver()
    t = await createTestApp(dialect, s3?.env)
    stored = s3 ? bucketFiles(s3) : diskFiles(t.dataDir)
    owner = await createUser(t.context)
    cookie = await signIn(t.context, owner)
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  const mediaFiles = () => stored.keys()
  const stagedFiles = () => stored.staged()

  function createListing(images: string[]) {
    return requestJson(t.app, '/api/listings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        type: 'rent',
        name: 'Flat with a view',
        bedrooms: 2,
        bathrooms: 1,
        parking: false,
        furnished: false,
        address: 'Paris, France',
        offer: false,
        regularPrice: 1500,
        images,
      }),
    })
  }

  /** Uploads `bytes` and checks that the rejected upload left the media store and staging as they were. */
  async function expectRefused(
    bytes: Buffer,
    name: string,
    status: number,
    error: string,
  ): Promise<TusResult> {
    const [mediaBefore, stagedBefore] = [await mediaFiles(), await stagedFiles()]
    const listingsBefore = await t.context.listings.count()
    const result = await tusUpload(t.app, cookie, bytes, name, { chunkSize: maxImageBytes })
    expect(result.status, result.body).toBe(status)
    expect(JSON.parse(result.body)).toEqual({ error })
    expect(await mediaFiles()).toEqual(mediaBefore)
    expect(await stagedFiles()).toEqual(stagedBefore)
    if (result.id) {
      expect((await t.context.uploads.get(result.id))?.status).toBe('rejected')
      const listing = await createListing([result.id])
      expect(listing.status).toBe(400)
    }
    expect(await t.context.listings.count()).toBe(listingsBefore)
    return result
  }

  /** Uploads `bytes`, expects it stored, and returns the files of its image folder. */
  async function expectStored(bytes: Buffer, name: string) {
    const result = await tusUpload(t.app, cookie, bytes, name)
    expect(result.status, result.body).toBe(204)
    const { imageKey } = (await t.context.uploads.get(result.id!))!
    expect((await stagedFiles()).filter((file) => file.includes(result.id!))).toEqual([])
    return {
      imageKey: imageKey!,
      files: (await mediaFiles()).filter((file) => file.startsWith(`${imageKey}/`)),
    }
  }

  it.each(hostileFiles)(
    'refuses %s with a clear message and keeps nothing',
    async (_, file, name, status, error) => {
      await expectRefused(await file(), name, status, error)
    },
  )

  it('refuses an upload without a name, and a file declared over 10 MB, before any byte', async () => {
    const staged = await stagedFiles()
    const nameless = await createUpload(t.app, cookie, 100, undefined)
    expect(nameless.status).toBe(400)
    expect(await nameless.json()).toEqual({ error: messages.noName })
    const huge = await createUpload(t.app, cookie, maxImageBytes + 1, 'huge.png')
    expect(huge.status).toBe(413)
    expect(await huge.json()).toEqual({ error: 'Images may be at most 10 MB' })
    expect(await stagedFiles()).toEqual(staged)
  })

  it('responds 410 to an upload unfinished after an hour, in words a person understands', async () => {
    const bytes = await image('png')
    const created = await createUpload(t.app, cookie, bytes.length, 'slow.png')
    const id = created.headers.get('location')!.split('/').pop()!
    await stored.age(id)
    const late = await sendChunk(t.app, cookie, id, 0, bytes)
    expect(late.status).toBe(410)
    expect(await late.json()).toEqual({
      error: 'This upload took too long and has expired: please try again',
    })
  })

  it.each(cleanedFiles)('takes %s, but stores only the re-encoded picture', async (_, make) => {
    const { files } = await expectStored(await make(), 'photo.jpg')
    expect(files.map((file) => path.basename(file)).sort()).toEqual(
      expect.arrayContaining(['w1200.webp', 'w400.webp']),
    )
    for (const file of files) {
      const bytes = await stored.read(file)
      expect(bytes.includes(Buffer.from('<script')), file).toBe(false)
    }
  })

  it.each(oddNames)('stores %j under a key with only the slug %j', async (name, slug) => {
    const { imageKey, files } = await expectStored(await image('png'), name)
    expect(imageKey).toMatch(
      new RegExp(`^images/${owner.id}-${slug.replace(/\./g, '\\.')}-[\\w-]+$`),
    )
    expect(files).toHaveLength(3)
  })

  it('keeps a file name without its direction controls, as it shows', async () => {
    const { imageKey } = await expectStored(await image('png'), 'photo\u202egnp.exe')
    const row = await t.context.db.kysely
      .selectFrom('upload')
      .select('originalName')
      .where('imageKey', '=', imageKey)
      .executeTakeFirstOrThrow()
    expect(row.originalName).toBe('photognp.exe')
  })

  it('processes an upload once, however often its last chunk is sent', async () => {
    const bytes = await image('png')
    const created = await createUpload(t.app, cookie, bytes.length, 'twice.png')
    const id = created.headers.get('location')!.split('/').pop()!
    // Hold the first processing at its first stored file while the last chunk comes again.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let reached!: () => void
    const storing = new Promise<void>((resolve) => (reached = resolve))
    const put = t.context.media.put.bind(t.context.media)
    let puts = 0
    vi.spyOn(t.context.media, 'put').mockImplementation(async (...args) => {
      puts += 1
      if (puts === 1) {
        reached()
        await held
      }
      return put(...args)
    })
    const first = sendChunk(t.app, cookie, id, 0, bytes)
    await storing
    const again = await sendChunk(t.app, cookie, id, bytes.length, Buffer.alloc(0))
    release()
    expect((await first).status).toBe(204)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'This upload is already finished' })
    const { imageKey } = (await t.context.uploads.get(id))!
    const folders = new Set(
      (await mediaFiles())
        .filter((file) => file.includes('-twice.png-'))
        .map((file) => path.dirname(file)),
    )
    expect([...folders]).toEqual([imageKey])
  })

  it('keeps nothing when storing fails half-way, and says so with a 500 the client retries', async () => {
    const [mediaBefore, stagedBefore] = [await mediaFiles(), await stagedFiles()]
    const put = t.context.media.put.bind(t.context.media)
    let puts = 0
    vi.spyOn(t.context.media, 'put').mockImplementation(async (...args) => {
      puts += 1
      if (puts === 2) throw new Error('the store went away')
      return put(...args)
    })
    const failure = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const result = await tusUpload(t.app, cookie, await image('png'), 'half.png')
    expect(result.status).toBe(500)
    expect(JSON.parse(result.body)).toEqual({
      error: 'The image could not be stored: please try again',
    })
    expect(failure).toHaveBeenCalledOnce()
    expect(await mediaFiles()).toEqual(mediaBefore)
    expect(await stagedFiles()).toEqual(stagedBefore)
    expect((await t.context.uploads.get(result.id!))?.status).toBe('rejected')
    expect((await createListing([result.id!])).status).toBe(400)
  })
})
