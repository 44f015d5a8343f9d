// Resumable image uploads with tus (the spec's calls: chunks of 262144 bytes, all files in parallel).
import type { DetailedError } from 'tus-js-client'
import { limits } from '../../shared/listing'

export interface UploadProgress {
  sent: number
  total: number
}

/** Uploads one file; answers its upload id, the last segment of its upload URL. */
export async function uploadImage(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<string> {
  // The tus client is a chunk of its own, fetched with the first upload rather than with the form.
  const { Upload } = await import('tus-js-client')
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: '/api/uploads',
      chunkSize: limits.uploadChunkBytes,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, filetype: file.type },
      // A dropped connection or a reload goes on from the last chunk the server has.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress({ sent, total }),
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: (error) => reject(new Error(uploadErrorMessage(error))),
    })
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    })
  })
}

/** The server's own words when it refused the file (e.g. not a real PNG), else a general line. */
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
