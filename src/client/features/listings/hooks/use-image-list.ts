// The images of the listing form: those the listing has and newly chosen files, in the order the
// listing will show them (the first is the cover), with a preview of each new file. Files are
// checked as they are picked, their first bytes too: each one is marked if it cannot be sent, and
// only a real JPEG or PNG gets a preview. Every file chosen is kept,
// past six too: the form says 'Max 6 images' and will not save until the user removes some.
import { useEffect, useRef, useState } from 'react'
import { limits } from '../../../../shared/listing'
import { acceptedImageTypes, maxImageBytes } from '../../../../shared/listing-schema'

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
      /** Only for a file whose first bytes are a JPEG's or a PNG's: a text file has nothing to show. */
      previewUrl?: string
      /** Why the file will not be uploaded; it stays in the list, marked, until removed. */
      problem?: string
    }

export const imageProblems = {
  notAnImage: 'Not a JPEG or PNG image',
  tooLarge: `Larger than ${maxImageBytes / 1024 / 1024} MB`,
  unreadable: 'The picture in this file could not be read',
} as const

const imageExtension = /\.(jpe?g|png)$/i

/**
 * Why the server would reject this file, told from its name, type and size alone; undefined when
 * it may be sent. The server still reads the content (a text file named .png passes here).
 */
export function imageFileProblem(file: File): string | undefined {
  const typeAccepted =
    file.type === '' || (acceptedImageTypes as readonly string[]).includes(file.type)
  if (!imageExtension.test(file.name) || !typeAccepted) return imageProblems.notAnImage
  if (file.size > maxImageBytes) return imageProblems.tooLarge
  return undefined
}

/** How a JPEG and a PNG begin, whatever the file's name says. */
const signatures = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
]

/** Whether the file's first bytes are a JPEG's or a PNG's, as the server checks them. */
export async function isJpegOrPng(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer())
  return signatures.some((signature) => signature.every((byte, index) => head[index] === byte))
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

  function update(key: string, change: { previewUrl?: string; problem?: string }) {
    setImages((current) =>
      current.map((image) =>
        image.key === key && image.kind === 'new' ? { ...image, ...change } : image,
      ),
    )
  }

  /** Reads the file's first bytes: a preview for a JPEG or a PNG, the reason for anything else. */
  async function checkContent(key: string, file: File) {
    const picture = await isJpegOrPng(file).catch(() => false)
    if (!picture) return update(key, { problem: imageProblems.notAnImage })
    const previewUrl = URL.createObjectURL(file)
    previews.current.add(previewUrl)
    update(key, { previewUrl })
  }

  /** Adds every chosen file; returns how many images the list then holds past the limit. */
  function add(files: File[]): { overLimit: number } {
    const added = files.map((file): ImageItem => {
      const problem = imageFileProblem(file)
      const key = `new-${++imageCounter}`
      if (problem !== imageProblems.notAnImage) void checkContent(key, file)
      return { kind: 'new', key, file, previewUrl: undefined, problem }
    })
    if (added.length > 0) setImages((current) => [...current, ...added])
    return { overLimit: Math.max(0, images.length + added.length - limits.maxImages) }
  }

  /** A preview the browser could not decode: the file is marked, and the server would reject it. */
  function markUnreadable(key: string) {
    const image = images.find((item) => item.key === key)
    if (image?.kind === 'new' && image.previewUrl) {
      URL.revokeObjectURL(image.previewUrl)
      previews.current.delete(image.previewUrl)
    }
    update(key, { problem: imageProblems.unreadable, previewUrl: undefined })
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

  return { images, add, remove, move, markUnreadable }
}
