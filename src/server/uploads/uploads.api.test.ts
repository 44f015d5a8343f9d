// The tus endpoint /api/uploads through the app, with real images, on a real database: chunks,
// resuming, metadata stripped, hostile and oversized files, and who may see an upload.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import { signIn } from '../../../tests/support/sign-in'
import {
  createTestApp,
  createUser,
  dialects,
  sendJson,
  storedMediaFiles,
  testOrigin,
  type TestApp,
  type TestUser,
  validListingBody,
} from '../../../tests/support/test-app'
import {
  createUpload,
  finishedUpload,
  headUpload,
  testPng,
  tusMetadata,
  tusUpload,
} from '../../../tests/support/tus'

describe.each(dialects)('uploads on %s', (dialect) => {
  let t: TestApp
  let owner: TestUser
  let ownerCookie: string
  let otherCookie: string

  const upload = (cookie = ownerCookie, data?: Buffer, name?: string) =>
    finishedUpload(t.app, cookie, data, name)

  /** A listing with these uploads: their images are then stored under the listing's keys. */
  async function createListing(images: string[]) {
    const { status, body } = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      validListingBody(images),
      ownerCookie,
    )
    expect(status, JSON.stringify(body)).toBe(201)
    return body as unknown as Listing
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await createUser(t.context, { name: 'Owner Person' })
    ownerCookie = await signIn(t.context, owner)
    otherCookie = await signIn(t.context, await createUser(t.context, { name: 'Other Person' }))
  })
  afterAll(() => t.close())

  it('lets no other site read its responses: no CORS headers, whatever the Origin', async () => {
    const image = await testPng(64, 48)
    const responses = [
      await t.app.request('/api/uploads', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://elsewhere.example',
          'Access-Control-Request-Method': 'POST',
          Cookie: ownerCookie,
        },
      }),
      await t.app.request('/api/uploads', {
        method: 'POST',
        headers: {
          Origin: testOrigin,
          'Tus-Resumable': '1.0.0',
          Cookie: ownerCookie,
          'Upload-Length': String(image.length),
          'Upload-Metadata': tusMetadata({ filename: 'cors.png' }),
        },
      }),
    ]
    expect(responses.map((response) => response.status)).toEqual([204, 201])
    for (const response of responses) {
      expect(
        [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
      ).toEqual([])
    }
  })

  it('responds 401 JSON without a session', async () => {
    const response = await t.app.request('/api/uploads', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: expect.any(String) })
  })

  it('takes an image in 262144-byte chunks and stores WebP variants and the original', async () => {
    // Noise does not compress: this PNG is well over one chunk.
    const noisy = await sharp(crypto.randomBytes(600 * 400 * 3), {
      raw: { width: 600, height: 400, channels: 3 },
    })
      .png()
      .toBuffer()
    expect(noisy.length).toBeGreaterThan(262_144)
    const id = await upload(ownerCookie, noisy, 'big garden.png')
    const listing = await createListing([id])
    const folder = listing.imageUrls[0]!.replace(/^\/media\//, '').replace(/\/w1200\.webp$/, '')
    expect(folder).toMatch(new RegExp(`^images/${owner.id}-big-garden\\.png-`))
    expect(
      storedMediaFiles(t.dataDir)
        .filter((file) => file.startsWith(folder))
        .sort(),
    ).toEqual([`${folder}/original.png`, `${folder}/w1200.webp`, `${folder}/w400.webp`].sort())
  })

  it('goes on from the offset the server has after a dropped connection', async () => {
    const image = await testPng(700, 500, '#a53')
    const created = await t.app.request('/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        Cookie: ownerCookie,
        'Upload-Length': String(image.length),
        'Upload-Metadata': tusMetadata({ filename: 'resumed.png' }),
      },
    })
    const id = created.headers.get('location')!.split('/').pop()!
    const patch = (offset: number, bytes: Buffer) =>
      t.app.request(`/api/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          Cookie: ownerCookie,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      })
    const half = Math.floor(image.length / 2)
    expect((await patch(0, image.subarray(0, half))).status).toBe(204)
    // The connection drops here; the client asks where to go on from.
    const head = await t.app.request(`/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Cookie: ownerCookie },
    })
    expect(head.headers.get('upload-offset')).toBe(String(half))
    expect((await patch(half, image.subarray(half))).status).toBe(204)
    await createListing([id])
  })

  describe('a client that lost the response to its last chunk asks with HEAD', () => {
    /** An upload whose bytes are all staged, as tus stores them before it makes the image. */
    async function stagedUpload(name: string) {
      const image = await testPng(320, 240, '#5a3')
      const created = await createUpload(t.app, ownerCookie, image.length, name)
      const id = created.headers.get('location')!.split('/').pop()!
      await t.context.staging.datastore.write(Readable.from([image]), id, 0)
      return { id, length: image.length }
    }

    it('and its server died before it made the image: the HEAD makes it', async () => {
      const { id, length } = await stagedUpload('orphan.png')
      const head = await headUpload(t.app, ownerCookie, id)
      expect(head.status).toBe(200)
      expect(head.headers.get('upload-offset')).toBe(String(length))
      expect((await t.context.uploads.get(id))?.status).toBe('ready')
      await createListing([id])
    })

    it('and its server died while it made the image: the HEAD makes it again', async () => {
      const { id } = await stagedUpload('half-made.png')
      const deadKey = `images/${owner.id}-half-made.png-dead`
      expect(await t.context.uploads.startProcessing(id, deadKey)).toBe(true)
      expect((await headUpload(t.app, ownerCookie, id)).status).toBe(200)
      const record = await t.context.uploads.get(id)
      expect(record?.status).toBe('ready')
      expect(record?.imageKey).not.toBe(deadKey)
      await createListing([id])
    })

    it('after the image is made and the bytes removed: all there, to its owner only', async () => {
      const id = await upload(ownerCookie, await testPng(64, 48), 'done.png')
      const head = await headUpload(t.app, ownerCookie, id)
      expect(head.status).toBe(200)
      expect(head.headers.get('upload-offset')).toBe(head.headers.get('upload-length'))
      expect(Number(head.headers.get('upload-length'))).toBeGreaterThan(0)
      expect((await headUpload(t.app, otherCookie, id)).status).toBe(404)
    })
  })

  it('strips GPS and all other metadata from every stored file', async () => {
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#88a' },
    })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
      })
      .jpeg()
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const listing = await createListing([await upload(ownerCookie, jpeg, 'phone.jpg')])
    const folder = listing.imageUrls[0]!.replace(/^\/media\//, '').replace(/\/w1200\.webp$/, '')
    const files = storedMediaFiles(t.dataDir).filter((file) => file.startsWith(folder))
    expect(files).toHaveLength(3)
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(t.dataDir, 'media', file))
      const metadata = await sharp(bytes).metadata()
      expect(metadata.exif, file).toBeUndefined()
      expect(bytes.includes(Buffer.from('PhoneMaker')), file).toBe(false)
    }
  })

  it.each([
    [
      'a text file named .png',
      Buffer.from('this is not an image at all, just text'.repeat(10)),
      'fake.png',
    ],
    ['a truncated PNG', 'truncated', 'cut.png'],
  ])('refuses %s with a clear message and stores nothing', async (_, data, name) => {
    const before = storedMediaFiles(t.dataDir).length
    const bytes =
      data === 'truncated' ? (await testPng(400, 300, '#123')).subarray(0, 200) : (data as Buffer)
    const result = await tusUpload(t.app, ownerCookie, bytes, name)
    expect(result.status).toBe(422)
    expect(JSON.parse(result.body)).toEqual({ error: expect.stringMatching(/JPEG|PNG/) })
    expect(storedMediaFiles(t.dataDir).length).toBe(before)
    const { status } = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      validListingBody([result.id!]),
      ownerCookie,
    )
    expect(status).toBe(400)
  })

  it('refuses an image of more than 40 megapixels', async () => {
    const huge = await sharp({
      create: { width: 8000, height: 6250, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const before = storedMediaFiles(t.dataDir).length
    const result = await tusUpload(t.app, ownerCookie, huge, 'huge.png', {
      chunkSize: 4 * 1024 * 1024,
    })
    expect(result.status).toBe(422)
    expect(JSON.parse(result.body)).toEqual({ error: 'Images may have at most 40 megapixels' })
    expect(storedMediaFiles(t.dataDir).length).toBe(before)
  })

  it('refuses a file over 10 MB before receiving it', async () => {
    const result = await tusUpload(t.app, ownerCookie, Buffer.alloc(1), 'big.png', {
      declaredLength: 11 * 1024 * 1024,
    })
    expect(result.status).toBe(413)
    expect(JSON.parse(result.body)).toEqual({ error: expect.any(String) })
  })

  it("does not let anyone else see or continue someone's upload", async () => {
    const created = await t.app.request('/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        Cookie: ownerCookie,
        'Upload-Length': '100',
        'Upload-Metadata': tusMetadata({ filename: 'a.png' }),
      },
    })
    const id = created.headers.get('location')!.split('/').pop()!
    const head = await t.app.request(`/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Cookie: otherCookie },
    })
    expect(head.status).toBe(404)
    // However the URL is spelled, tus' own reading of the id decides, and the owner check follows it.
    for (const [method, url] of [
      ['HEAD', `/api/uploads/${id}/`],
      ['HEAD', `/api/uploads?x=/${id}`],
      ['DELETE', `/api/uploads/${id}/`],
      ['PATCH', `/api/uploads/${id}/`],
    ] as const) {
      const response = await t.app.request(url, {
        method,
        headers: {
          'Tus-Resumable': '1.0.0',
          Cookie: otherCookie,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: method === 'PATCH' ? new Uint8Array(10) : undefined,
      })
      expect(response.status, `${method} ${url}`).toBe(404)
    }
    const own = await t.app.request(`/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Cookie: ownerCookie },
    })
    expect(own.status).toBe(200)
    expect(own.headers.get('upload-offset')).toBe('0')
  })
})
