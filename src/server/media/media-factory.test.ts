import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'
import { createMediaStore } from './media-factory.js'

// Storing in S3 through this factory is tested against s3rver in s3-store.test.ts.

let dataDir: string

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-factory-'))
})

afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true })
})

const s3Env = {
  STORAGE: 's3',
  S3_BUCKET: 'house-media',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
}

describe('createMediaStore', () => {
  it('stores on disk under DATA_DIR/media, served at /media, by default', async () => {
    const store = createMediaStore(loadConfig({ DATA_DIR: dataDir }))

    expect(store.root).toBe(path.join(dataDir, 'media'))
    expect(store.url('images/a/w400.webp')).toBe('/media/images/a/w400.webp')
    expect(store.imageUrl('images/a')).toBe('/media/images/a/w1200.webp')
    await store.put('images/a/w400.webp', Buffer.from('x'), 'image/webp')
    expect(await fs.readFile(path.join(dataDir, 'media/images/a/w400.webp'), 'utf8')).toBe('x')
  })

  it('makes the S3 store for STORAGE=s3, which has no root to serve', () => {
    const store = createMediaStore(
      loadConfig({ ...s3Env, DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    )
    expect(store.root).toBeUndefined()
    expect(store.url('images/a/w400.webp')).toBe(
      'http://127.0.0.1:9000/house-media/images/a/w400.webp',
    )
  })

  it('passes S3_REGION and S3_PUBLIC_URL on to the S3 store', () => {
    expect(
      createMediaStore(loadConfig({ ...s3Env, S3_REGION: 'eu-north-1' })).imageUrl('images/a'),
    ).toBe('https://house-media.s3.eu-north-1.amazonaws.com/images/a/w1200.webp')
    expect(
      createMediaStore(
        loadConfig({ ...s3Env, S3_PUBLIC_URL: 'https://media.example.com' }),
      ).imageUrl('images/a'),
    ).toBe('https://media.example.com/images/a/w1200.webp')
  })

  it('refuses STORAGE=s3 without a bucket, naming the variable', () => {
    const config = loadConfig({ ...s3Env, DATA_DIR: dataDir })
    expect(() => createMediaStore({ ...config, s3: { ...config.s3, bucket: undefined } })).toThrow(
      new ConfigError('STORAGE=s3 needs S3_BUCKET'),
    )
  })
})
