// The share image's shape, format and weight, whatever the cover's shape, and the path a cover's URL
// gives it on either store.
import crypto from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { makeShareImage, shareImageBudget, shareImagePath } from './share-image.js'

const noise = (width: number, height: number) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })

const plain = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: { width, height, channels, background: { r: 40, g: 120, b: 200, alpha: 0 } },
  })

describe('makeShareImage', () => {
  it.each([
    ['a landscape', plain(1200, 800).webp()],
    ['a portrait', plain(900, 1200).webp()],
    ['a small picture', plain(300, 200).png()],
    ['a wide panorama', plain(1200, 300).webp()],
  ])('cuts %s to a 1200×630 JPEG without metadata', async (_, input) => {
    const body = await makeShareImage(await input.toBuffer())
    const metadata = await sharp(body).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
  })

  it('turns what was transparent white, not black', async () => {
    const body = await makeShareImage(await plain(1200, 800, 4).png().toBuffer())
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true)
  })

  it('keeps random noise, the least compressible picture, within the budget', async () => {
    const body = await makeShareImage(await noise(1200, 1200).webp({ quality: 78 }).toBuffer())
    expect(body.length).toBeLessThanOrEqual(shareImageBudget)
    expect(await sharp(body).metadata()).toMatchObject({ width: 1200, height: 630 })
  })
})

describe('shareImagePath', () => {
  it.each([
    ['the disk store', '/media/images/u1-house.png-abc/w1200.webp'],
    ['S3', 'https://house-media.s3.us-east-1.amazonaws.com/images/u1-house.png-abc/w1200.webp'],
    ['a CDN before S3', 'https://cdn.example/photos/images/u1-house.png-abc/w400.webp'],
    ['an escaped key', 'https://cdn.example/images/u1-house%2Epng-abc/w1200.webp'],
  ])('names the cover’s image folder, from a URL of %s', (_, url) => {
    expect(shareImagePath(url)).toBe('/share-images/u1-house.png-abc/1200x630.jpg')
  })

  it.each([
    ['not a variant', '/media/images/u1-house.png-abc/original.jpg'],
    ['outside the image folders', '/media/other/u1-house/w1200.webp'],
    ['a parent folder', '/media/images/%2E%2E/w1200.webp'],
    ['a slash in the folder', '/media/images/a%2Fb/w1200.webp'],
    ['a broken escape', '/media/images/a%E0%A4%A/w1200.webp'],
  ])('has none for a URL %s', (_, url) => {
    expect(shareImagePath(url)).toBeUndefined()
  })
})
