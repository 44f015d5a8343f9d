// The images of the listing form: those the listing has and newly chosen files, in the order the
// listing will show them (the first is the cover), with a preview of each new file.
import { useEffect, useRef, useState } from 'react'

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
      previewUrl: string
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

  function add(files: File[]) {
    const added = files.map((file): ImageItem => {
      const previewUrl = URL.createObjectURL(file)
      previews.current.add(previewUrl)
      return { kind: 'new', key: `new-${++imageCounter}`, file, previewUrl }
    })
    setImages((current) => [...current, ...added])
  }

  function remove(key: string) {
    setImages((current) => {
      const removed = current.find((image) => image.key === key)
      if (removed?.kind === 'new') {
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
