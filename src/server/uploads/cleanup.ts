// Uploads never attached to a listing are removed after a day, files and all; abandoned
// unfinished ones after an hour.
import { imageFileKeys, type MediaStore } from '../media/media-store.js'
import { uploadLimits } from './upload-limits.js'
import type { UploadStaging } from './upload-staging.js'
import type { UploadQueries } from './uploads.queries.js'

/** One pass; returns how many uploads it removed. */
export async function removeStaleUploads(
  uploads: UploadQueries,
  media: MediaStore,
  staging: UploadStaging,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for (;;) {
    // The rows go first (takeStale deletes them): nothing can claim these uploads any more.
    const stale = await uploads.takeStale(
      now - uploadLimits.unattachedLifetimeMs,
      now - uploadLimits.unfinishedLifetimeMs,
    )
    if (stale.length === 0) return removed
    await media.delete(
      stale.flatMap((upload) => (upload.imageKey ? imageFileKeys(upload.imageKey) : [])),
    )
    // An upload that never finished still has its bytes (and tus' note of them) in staging; in
    // S3 also an open multipart upload, which the store aborts.
    for (const upload of stale) await staging.datastore.remove(upload.id)
    removed += stale.length
  }
}
