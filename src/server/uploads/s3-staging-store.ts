// tus' S3 store for uploads in progress (STORAGE=s3): every server sees every upload, so each chunk
// may reach any of them and an upload goes on wherever its client lands next (decision 015).
import type { Readable } from 'node:stream'
import { S3Store, type MetadataValue } from '@tus/s3-store'
import type { KvStore } from '@tus/utils'
import type { S3StoreOptions } from '../media/s3-store.js'
import { s3ClientConfig } from '../media/s3-store.js'

/**
 * Where uploads in progress live in the media bucket: apart from `images/`, the only prefix made
 * public (docs/deployment.md), since a staged photo still has its EXIF and GPS position.
 */
export const stagingPrefix = 'uploads/'

/**
 * tus' cache of an upload's note would be per process: stale on the other servers once the upload
 * is finished or removed, and never emptied there. Every request reads the note from the bucket.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
}

/** S3's codes for a key or multipart upload that is not (or no longer) there. */
const missingCodes = new Set(['NotFound', 'NoSuchKey', 'NoSuchUpload'])

const isMissing = (error: unknown) =>
  error instanceof Error &&
  (missingCodes.has(error.name) || missingCodes.has(String((error as { Code?: unknown }).Code)))

interface KeyedInput {
  Key?: string
  Delete?: { Objects?: { Key?: string }[] }
}

/** A command's input with every key tus names under `prefix`. */
function underPrefix<Input extends object>(input: Input, prefix: string): Input {
  const moved: KeyedInput = { ...input }
  if (moved.Key !== undefined) moved.Key = prefix + moved.Key
  if (moved.Delete?.Objects) {
    moved.Delete = {
      ...moved.Delete,
      Objects: moved.Delete.Objects.map((object) => ({ ...object, Key: prefix + object.Key })),
    }
  }
  return moved as Input
}

class S3StagingStore extends S3Store {
  constructor(options: S3StoreOptions & { expirationPeriodInMilliseconds: number }) {
    const { bucket, expirationPeriodInMilliseconds } = options
    super({
      s3ClientConfig: { ...s3ClientConfig(options), bucket },
      cache: noCache,
      expirationPeriodInMilliseconds,
      // Tags are for a bucket lifecycle rule; our hourly cleanup removes stale uploads itself.
      useTags: false,
    })
    // tus' store has no prefix of its own and would write beside `images/`: every key it names
    // goes under ours. (Its deleteExpired lists multipart uploads by key; we never call it: the
    // hourly cleanup removes stale uploads by their rows.)
    this.client.middlewareStack.add(
      (next) => async (args) => next({ ...args, input: underPrefix(args.input, stagingPrefix) }),
      { step: 'initialize', name: 'stagingPrefix' },
    )
  }

  /**
   * A last chunk sent again (empty, at the final offset) finds the multipart upload completed
   * already: it adds nothing, and the finish hook responds 409, as on disk.
   */
  override async write(src: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(src, id, offset)
    } catch (error) {
      if (isMissing(error) && (await this.getUpload(id)).offset === offset) return offset
      throw error
    }
  }

  /**
   * The finished upload's bytes. A server that died between storing the last part and completing
   * the multipart upload left them as parts: whoever makes the image completes it here.
   */
  override async read(id: string): Promise<Readable> {
    try {
      return await super.read(id)
    } catch (error) {
      if (!isMissing(error)) throw error
    }
    const metadata = await this.getMetadata(id)
    const parts = await this.retrieveParts(id)
    const stored = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0)
    if (stored !== metadata.file.size) {
      throw new Error(`Upload ${id} has ${stored} of its ${metadata.file.size} bytes stored`)
    }
    await this.finishMultipartUpload(metadata, parts)
    await this.completeMetadata(metadata.file)
    return super.read(id)
  }

  /**
   * Removes whatever of the upload is there, finished or not. tus' own stops at an upload already
   * completed (the photo itself stays behind) and never removes the incomplete part.
   */
  override async remove(id: string): Promise<void> {
    const uploadId = await this.getMetadata(id).then(
      (metadata) => metadata['upload-id'],
      (error: unknown) => {
        if (isMissing(error)) return undefined
        throw error
      },
    )
    if (uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error
        })
    }
    const response = await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [id, this.infoKey(id), this.partKey(id, true)].map((Key) => ({ Key })),
        Quiet: true,
      },
    })
    const failed = response.Errors?.[0]
    if (failed)
      throw new Error(`Could not remove staged upload ${id}: ${failed.Code} ${failed.Message}`)
  }
}

export function createS3StagingStore(
  options: S3StoreOptions & { expirationPeriodInMilliseconds: number },
): S3Store {
  return new S3StagingStore(options)
}
