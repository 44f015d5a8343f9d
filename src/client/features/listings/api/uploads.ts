// Resumable image uploads with tus (the spec's calls: chunks of 262144 bytes, all files in parallel).
import type { DetailedError } from 'tus-js-client'
import { limits } from '../../../../shared/listing'
import { downscalePhoto } from './downscale-photo'

export interface UploadProgress {
  sent: number
  total: number
}

/**
 * A rejected upload, in the server's words when it gave some; `status` is the HTTP status of the
 * error response (0 when the request got no response).
 */
export class UploadError extends Error {
  override name = 'UploadError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/**
 * Statuses that stop more than one file: the account's limits (429) and the server's disk (507).
 * The form says them once, as a toast, besides beside each file.
 */
export const isUploadLimitError = (error: unknown): error is UploadError =>
  error instanceof UploadError && (error.status === 429 || error.status === 507)

/**
 * Uploads one file, made smaller first when it is larger than the site shows (downscale-photo.ts);
 * resolves to its upload id, the last segment of its upload URL.
 */
export async function uploadImage(
  chosen: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<string> {
  // The tus client is a chunk of its own, fetched with the first upload rather than with the form.
  const [{ Upload }, file] = await Promise.all([import('tus-js-client'), downscalePhoto(chosen)])
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      // tus sends its own requests (chunks, offsets), which the typed client cannot express.
      endpoint: '/api/uploads',
      chunkSize: limits.uploadChunkBytes,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, filetype: file.type },
      // A dropped connection or a reload goes on from the last chunk the server has.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress({ sent, total }),
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onShouldRetry: (error) => isWorthRetrying(statusOf(error)),
      onError: (error) => reject(new UploadError(uploadErrorMessage(error), statusOf(error))),
    })
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    })
  })
}

/**
 * tus-js-client's own rule (no response, a server error, a conflict or a lock, while online), except
 * a full disk (507), which is not over in seconds: the person is told at once.
 */
function isWorthRetrying(status: number): boolean {
  const worth = status < 400 || status >= 500 || status === 409 || status === 423
  return worth && status !== 507 && navigator.onLine !== false
}

function statusOf(error: Error | DetailedError): number {
  return ('originalResponse' in error && error.originalResponse?.getStatus()) || 0
}

/** The server's own words when it rejected the file (e.g. not a real PNG), else a general line. */
function uploadErrorMessage(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined
  try {
    const parsed = JSON.parse(body ?? '') as { error?: unknown }
    if (typeof parsed.error === 'string') return parsed.error
  } catch {
    // not JSON: fall through
  }
  return 'The upload did not finish'
}
