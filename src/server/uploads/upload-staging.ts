// Where tus keeps uploads until they are finished: the instance's disk by default, the media
// bucket with STORAGE=s3 so that any server can take any chunk (decision 015).
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { DataStore, Locker } from '@tus/utils'
import type { Config } from '../config.js'
import { s3StoreOptions } from '../media/media-factory.js'
import { createPrivateFileStore } from './private-file-store.js'
import { createS3StagingStore } from './s3-staging-store.js'
import { createUploadLocker } from './upload-locker.js'
import { uploadLimits } from './upload-limits.js'
import type { UploadQueries } from './uploads.queries.js'

export interface UploadStaging {
  /** tus' store; `remove` takes whatever of an upload is there and never fails on a missing one. */
  datastore: DataStore & { read(id: string): Readable | Promise<Readable> }
  /** Unset on disk: one server holds the upload, and tus' in-memory locker is enough. */
  locker?: Locker
  /**
   * Where this server's disk takes an upload's bytes: the staging folder, or with S3 the system's
   * temporary folder, where tus' S3 store keeps each chunk while it is written.
   */
  localFolder: string
}

export function createUploadStaging(config: Config, uploads: UploadQueries): UploadStaging {
  const expirationPeriodInMilliseconds = uploadLimits.unfinishedLifetimeMs
  if (config.storage === 's3') {
    return {
      datastore: createS3StagingStore({
        ...s3StoreOptions(config),
        expirationPeriodInMilliseconds,
      }),
      locker: createUploadLocker(uploads),
      localFolder: os.tmpdir(),
    }
  }
  const directory = path.join(config.dataDir, 'uploads')
  return {
    datastore: createPrivateFileStore({ directory, expirationPeriodInMilliseconds }),
    localFolder: directory,
  }
}
