// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useImageList, type ImageItem } from './use-image-list'

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' })
const names = (images: ImageItem[]) =>
  images.map((image) => (image.kind === 'new' ? image.file.name : image.url))

let revoked: string[]
beforeEach(() => {
  revoked = []
  let previews = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++previews}`)
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url))
})
afterEach(() => vi.restoreAllMocks())

describe("the listing form's image list", () => {
  it("starts with the listing's own images, in order, numbered from 1", () => {
    const { result } = renderHook(() => useImageList(['/a.webp', '/b.webp']))
    expect(result.current.images).toEqual([
      { kind: 'stored', key: '/a.webp', url: '/a.webp', number: 1 },
      { kind: 'stored', key: '/b.webp', url: '/b.webp', number: 2 },
    ])
  })

  it('adds chosen files after them, each with a preview, and frees the preview of one removed', () => {
    const { result } = renderHook(() => useImageList(['/a.webp']))
    act(() => result.current.add([file('front.jpg'), file('garden.jpg')]))
    expect(names(result.current.images)).toEqual(['/a.webp', 'front.jpg', 'garden.jpg'])
    const front = result.current.images[1]!
    expect(front).toMatchObject({ kind: 'new', previewUrl: 'blob:preview-1' })

    act(() => result.current.remove(front.key))
    expect(names(result.current.images)).toEqual(['/a.webp', 'garden.jpg'])
    expect(revoked).toEqual(['blob:preview-1'])
  })

  it('moves an image up or down, but not past either end', () => {
    const { result } = renderHook(() => useImageList(['/a.webp', '/b.webp', '/c.webp']))
    act(() => result.current.move('/c.webp', -1))
    expect(names(result.current.images)).toEqual(['/a.webp', '/c.webp', '/b.webp'])
    act(() => result.current.move('/a.webp', -1))
    act(() => result.current.move('/b.webp', 1))
    expect(names(result.current.images)).toEqual(['/a.webp', '/c.webp', '/b.webp'])
  })

  it('frees every preview left when the form goes away', () => {
    const { result, unmount } = renderHook(() => useImageList([]))
    act(() => result.current.add([file('front.jpg'), file('garden.jpg')]))
    unmount()
    expect(revoked.sort()).toEqual(['blob:preview-1', 'blob:preview-2'])
  })
})
