// tus' store of uploads in progress in a real S3 API (s3rver): what a server that died mid-way
// leaves in the bucket is finished by the next one.
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { Upload } from '@tus/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3rver, type LocalS3 } from '../../../tests/support/s3rver'
import { createS3StagingStore } from './s3-staging-store'

/** The store's own part upload, without the completion its `write` does at the end. */
type PartsOnly = {
  getMetadata(id: string): Promise<unknown>
  uploadParts(
    metadata: unknown,
    source: Readable,
    partNumber: number,
    offset: number,
  ): Promise<number>
}

describe('the S3 staging store', () => {
  let s3: LocalS3
  let store: ReturnType<typeof createS3StagingStore>

  beforeAll(async () => {
    s3 = await startS3rver()
    store = createS3StagingStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      expirationPeriodInMilliseconds: 3600_000,
    })
  })
  afterAll(() => s3?.close())

  it('completes an upload whose parts are all stored but whose server died before completing it', async () => {
    const bytes = Buffer.from('all of the photo, in one last part')
    const id = 'parts-stored-only'
    await store.create(new Upload({ id, size: bytes.length, offset: 0 }))
    const partsOnly = store as unknown as PartsOnly
    await partsOnly.uploadParts(await partsOnly.getMetadata(id), Readable.from([bytes]), 1, 0)
    expect((await store.getUpload(id)).offset).toBe(bytes.length)

    expect(await buffer(await store.read(id))).toEqual(bytes)
  })

  it('refuses to read an upload that is not all there', async () => {
    const id = 'half-there'
    await store.create(new Upload({ id, size: 100, offset: 0 }))
    await expect(store.read(id)).rejects.toThrow('has 0 of its 100 bytes stored')
  })
})
