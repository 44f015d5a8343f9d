// Picks the media store that STORAGE names: disk by default, or S3.
import path from 'node:path'
import { ConfigError, type Config } from '../config.js'
import { createDiskStore } from './disk-store.js'
import type { MediaStore } from './media-store.js'
import { createS3Store } from './s3-store.js'

/** The disk store tells its `root`, for media.routes.ts to serve; the S3 store has none. */
export function createMediaStore(config: Config): MediaStore & { root?: string } {
  if (config.storage === 's3') {
    const { bucket, ...s3 } = config.s3
    // loadConfig already insists on it; this keeps a hand-made Config honest too.
    if (!bucket) throw new ConfigError('STORAGE=s3 needs S3_BUCKET')
    return createS3Store({ bucket, ...s3 })
  }
  return createDiskStore(path.join(config.dataDir, 'media'), '/media')
}
