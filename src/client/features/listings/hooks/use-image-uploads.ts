// The upload of the form's new images with tus, all in parallel, with each one's progress or error.
import { useRef, useState } from 'react'
import { isUploadLimitError, uploadImage } from '../api/uploads'
import { toast } from '../../../components/toasts'
import type { ImageItem } from './use-image-list'

export interface UploadState {
  /** 0 to 1 while uploading */
  progress?: number
  /** Every byte is sent, and the server is making the image (its response to the last chunk). */
  processing?: boolean
  error?: string
}

/**
 * 'Processing photo 2 of 3…' while the server works on the form's new photos: it takes an
 * account's photos one at a time, so the one at work is the one after those it has finished.
 */
export function processingMessage(
  images: ImageItem[],
  uploads: ReadonlyMap<string, UploadState>,
): string | undefined {
  const sent = images.flatMap((image) => uploads.get(image.key) ?? [])
  if (!sent.some((upload) => upload.processing)) return undefined
  const finished = sent.filter((upload) => upload.progress === 1 && !upload.processing).length
  return `Processing photo ${Math.min(finished + 1, sent.length)} of ${sent.length}…`
}

/** `toastGroup`: the form's, for the limits said as a toast. */
export function useImageUploads(toastGroup?: string) {
  const [uploads, setUploads] = useState<ReadonlyMap<string, UploadState>>(new Map())
  // Upload ids by image key: after a rejected save, the next submit sends them again, not the files.
  const uploaded = useRef(new Map<string, string>())

  function update(key: string, change: UploadState) {
    setUploads((current) => new Map(current).set(key, { ...current.get(key), ...change }))
  }

  /** Uploads what is not on the server yet; resolves to the body's image list, or undefined if any failed. */
  async function uploadAll(images: ImageItem[]): Promise<string[] | undefined> {
    const results = await Promise.all(
      images.map(async (image) => {
        if (image.kind === 'stored') return image.url
        const done = uploaded.current.get(image.key)
        if (done) return done
        update(image.key, { progress: 0, processing: false, error: undefined })
        try {
          const uploadId = await uploadImage(image.file, ({ sent, total }) =>
            update(image.key, {
              progress: total ? sent / total : 0,
              processing: total > 0 && sent === total,
            }),
          )
          uploaded.current.set(image.key, uploadId)
          update(image.key, { progress: 1, processing: false })
          return uploadId
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          update(image.key, { processing: false, error: message })
          // A limit of the account or of the server stops every file alike: said once, on top.
          if (isUploadLimitError(error))
            toast.error(message, { toastId: message, group: toastGroup })
          return undefined
        }
      }),
    )
    return results.every((result) => result !== undefined) ? (results as string[]) : undefined
  }

  return { uploads, uploadAll }
}
