// The media store for STORAGE=s3: objects in an S3 bucket or any S3-compatible service
// (MinIO, R2, s3rver in tests), served by that service or a CDN in front of it, not by us.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { variantName } from '../../shared/media.js'
import { stripSlash } from '../config.js'
import { batches } from '../lib/batches.js'
import { isSafeKey, largestImageWidth, type MediaStore } from './media-store.js'

export interface S3StoreOptions {
  bucket: string
  /** Set for S3-compatible services; unset means AWS itself. */
  endpoint?: string
  region?: string
  /** Unset means the SDK's default chain (environment, instance role…). */
  accessKeyId?: string
  secretAccessKey?: string
  /** Where the objects are public, e.g. a CDN; overrides the URL made from endpoint and bucket. */
  publicUrl?: string
}

/** DeleteObjects takes at most this many keys per request. */
export const deleteBatchSize = 1000

const defaultRegion = 'us-east-1'

/** The S3 client settings for these options: the media store's and tus' staging share them. */
export function s3ClientConfig(options: S3StoreOptions): S3ClientConfig {
  const { endpoint, accessKeyId, secretAccessKey } = options
  return {
    region: options.region ?? defaultRegion,
    ...(endpoint
      ? {
          endpoint,
          // S3-compatible services serve endpoint/bucket/key; few of them do bucket subdomains.
          forcePathStyle: true,
          // Since 3.729 the SDK checksums every request by default and sends stream bodies as
          // aws-chunked with a trailing checksum. Services that predate that store the framing
          // as the object (s3rver 3 does: `5\r\nhello\r\n0\r\nx-amz-checksum-crc32:…`) or
          // reject it (reported for older MinIO and R2). Checksum only where the API requires
          // one (DeleteObjects).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  }
}

export function createS3Client(options: S3StoreOptions): S3Client {
  return new S3Client(s3ClientConfig(options))
}

export function createS3Store(
  options: S3StoreOptions,
  client: S3Client = createS3Client(options),
): MediaStore {
  const { bucket } = options
  const base = publicBaseUrl(options)

  function checked(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${key}`)
    return key
  }

  function url(key: string): string {
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`
  }

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          Body: body,
          ContentType: contentType,
          // Keys are never reused: a stored file never changes.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
    },
    async delete(keys) {
      for (const key of keys) checked(key)
      for (const batch of batches(keys, deleteBatchSize)) {
        const response = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            // S3 reports a missing key as deleted, so every error here is a real one.
            Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
          }),
        )
        const failed = response.Errors ?? []
        if (failed.length > 0) {
          const first = failed[0]!
          throw new Error(
            `Could not delete ${failed.length} media object(s), e.g. ${first.Key}: ${first.Code} ${first.Message}`,
          )
        }
      }
    },
    async read(key) {
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: checked(key) }),
        )
        return Buffer.from(await response.Body!.transformToByteArray())
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    url,
    imageUrl: (imageKey) => url(`${imageKey}/${variantName(largestImageWidth)}`),
  }
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404

/** The URL that object keys are appended to, without a trailing slash. */
function publicBaseUrl({ publicUrl, endpoint, bucket, region }: S3StoreOptions): string {
  if (publicUrl) return stripSlash(publicUrl)
  if (endpoint) return `${stripSlash(endpoint)}/${encodeURIComponent(bucket)}`
  return `https://${bucket}.s3.${region ?? defaultRegion}.amazonaws.com`
}
