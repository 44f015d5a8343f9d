// Picks the media store that STORAGE names: disk by default, or S3.
import path from 'node:path'
import { ConfigError, type Config } from '../config.js'
import { createDiskStore } from './disk-store.js'
import type { MediaStore } from './media-store.js'
import { createS3Store, type S3StoreOptions } from './s3-store.js'

/** The bucket and client settings of STORAGE=s3, for the media store and tus' staging alike. */
export function s3StoreOptions(config: Config): S3StoreOptions {
  const { bucket, ...s3 } = config.s3
  // loadConfig already insists on it; this keeps a hand-made Config honest too.
  if (!bucket) throw new ConfigError('STORAGE=s3 needs S3_BUCKET')
  return { bucket, ...s3 }
}

/** The disk store tells its `root`, for media.routes.ts to serve; the S3 store has none. */
export function createMediaStore(config: Config): MediaStore & { root?: string } {
  if (config.storage === 's3') return createS3Store(s3StoreOptions(config))
  return createDiskStore(path.join(config.dataDir, 'media'), '/media')
}
