// With STORAGE=s3, a listing's images live in the bucket, and deleting the listing deletes them.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import { imageVariantUrl } from '../../shared/media'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver'
import {
  createTestApp,
  createUser,
  requestJson,
  type TestApp,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'
import { tusUpload } from '../../../tests/support/tus'

describe('listings with the S3 media store (s3rver)', () => {
  let s3: LocalS3
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    s3 = await startS3rver()
    t = await createTestApp('sqlite', s3.env)
    const user = await createUser(t.context)
    cookie = await signIn(t.context, user)
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
  })

  it('stores the variants in the bucket, serves them from there, and deletes them with the listing', async () => {
    const image = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#2a6' },
    })
      .png()
      .toBuffer()
    const uploaded = await tusUpload(t.app, cookie, image, 'garden.png')
    expect(uploaded.status).toBe(204)

    const created = await requestJson<Listing>(t.app, '/api/listings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        type: 'sale',
        name: 'House with a garden',
        bedrooms: 3,
        bathrooms: 2,
        parking: false,
        furnished: false,
        address: 'Lisbon, Portugal',
        offer: false,
        regularPrice: 450000,
        images: [uploaded.id],
      }),
    })
    expect(created.status).toBe(201)
    const url = created.body.imageUrls[0]!
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/images/`)).toBe(true)
    for (const variant of [url, imageVariantUrl(url, 400)]) {
      const response = await fetch(variant)
      expect(response.status, variant).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
    }

    const removed = await t.app.request(`/api/listings/${created.body.id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    })
    expect(removed.status).toBe(204)
    for (const variant of [
      url,
      imageVariantUrl(url, 400),
      url.replace(/w1200\.webp$/, 'original.png'),
    ]) {
      expect((await fetch(variant)).status, variant).toBe(404)
    }
  })
})
