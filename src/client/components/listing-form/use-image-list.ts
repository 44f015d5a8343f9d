// The images of the listing form: those the listing has and newly chosen files, in the order the
// listing will show them (the first is the cover), with a preview of each new file. Files are
// checked as they are picked: each one is marked if it cannot be sent. Every file chosen is kept,
// past six too: the form says 'Max 6 images' and will not save until the user removes some.
import { useEffect, useRef, useState } from 'react'
import { limits } from '../../../shared/listing'
import { acceptedImageTypes, maxImageBytes } from '../../../shared/listing-schema'

export type ImageItem =
  | {
      kind: 'stored'
      key: string
      url: string
      /** its place when the form opened, for a stable name */ number: number
    }
  | {
      kind: 'new'
      key: string
      file: File
      /** Only for a file that is a picture: a text file has nothing to show. */
      previewUrl?: string
      /** Why the file will not be uploaded; it stays in the list, marked, until removed. */
      problem?: string
    }

export const imageProblems = {
  notAnImage: 'Not a JPEG or PNG image',
  tooLarge: `Larger than ${maxImageBytes / 1024 / 1024} MB`,
} as const

const imageExtension = /\.(jpe?g|png)$/i

/**
 * Why the server would refuse this file, told from its name, type and size alone; undefined when
 * it may be sent. The server still reads the content (a text file named .png passes here).
 */
export function imageFileProblem(file: File): string | undefined {
  const typeAccepted =
    file.type === '' || (acceptedImageTypes as readonly string[]).includes(file.type)
  if (!imageExtension.test(file.name) || !typeAccepted) return imageProblems.notAnImage
  if (file.size > maxImageBytes) return imageProblems.tooLarge
  return undefined
}

let imageCounter = 0

export function useImageList(storedImageUrls: string[]) {
  const [images, setImages] = useState<ImageItem[]>(() =>
    storedImageUrls.map((url, index) => ({ kind: 'stored', key: url, url, number: index + 1 })),
  )

  // Previews are object URLs: free them when they leave.
  const previews = useRef(new Set<string>())
  useEffect(() => {
    const urls = previews.current
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url))
      urls.clear()
    }
  }, [])

  /** Adds every chosen file; returns how many images the list then holds past the limit. */
  function add(files: File[]): { overLimit: number } {
    const added = files.map((file): ImageItem => {
      const problem = imageFileProblem(file)
      const previewUrl =
        problem === imageProblems.notAnImage ? undefined : URL.createObjectURL(file)
      if (previewUrl) previews.current.add(previewUrl)
      return { kind: 'new', key: `new-${++imageCounter}`, file, previewUrl, problem }
    })
    if (added.length > 0) setImages((current) => [...current, ...added])
    return { overLimit: Math.max(0, images.length + added.length - limits.maxImages) }
  }

  function remove(key: string) {
    setImages((current) => {
      const removed = current.find((image) => image.key === key)
      if (removed?.kind === 'new' && removed.previewUrl) {
        URL.revokeObjectURL(removed.previewUrl)
        previews.current.delete(removed.previewUrl)
      }
      return current.filter((image) => image.key !== key)
    })
  }

  /** Swaps the image with its neighbour before (-1) or after (1); at either end, nothing moves. */
  function move(key: string, by: -1 | 1) {
    setImages((current) => {
      const from = current.findIndex((image) => image.key === key)
      const to = from + by
      if (from < 0 || to < 0 || to >= current.length) return current
      const next = [...current]
      ;[next[from], next[to]] = [next[to]!, next[from]!]
      return next
    })
  }

  return { images, add, remove, move }
}
