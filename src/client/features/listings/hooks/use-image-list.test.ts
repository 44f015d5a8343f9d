// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { maxImageBytes } from '../../../../shared/listing-schema'
import { imageFileProblem, isJpegOrPng, useImageList, type ImageItem } from './use-image-list'

/** How a JPEG begins: enough for the check of a file's first bytes. */
const jpegStart = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])
const file = (name: string, type = 'image/jpeg', content: BlobPart = jpegStart) =>
  new File([content], name, { type })
const rooms = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => file(`room-${from + index}.jpg`))
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

  it('adds chosen files after them, each with a preview, and frees the preview of one removed', async () => {
    const { result } = renderHook(() => useImageList(['/a.webp']))
    act(() => void result.current.add([file('front.jpg'), file('garden.jpg')]))
    expect(names(result.current.images)).toEqual(['/a.webp', 'front.jpg', 'garden.jpg'])
    await waitFor(() =>
      expect(result.current.images[1]).toMatchObject({ kind: 'new', previewUrl: 'blob:preview-1' }),
    )
    const front = result.current.images[1]!

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

  it('frees every preview left when the form goes away', async () => {
    const { result, unmount } = renderHook(() => useImageList([]))
    act(() => void result.current.add([file('front.jpg'), file('garden.jpg')]))
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2))
    unmount()
    expect(revoked.sort()).toEqual(['blob:preview-1', 'blob:preview-2'])
  })

  it('keeps all seven chosen at once, and says the list is one past the limit', () => {
    const { result } = renderHook(() => useImageList([]))
    let added!: { overLimit: number }
    act(() => void (added = result.current.add(rooms(7))))
    expect(added).toEqual({ overLimit: 1 })
    expect(names(result.current.images)).toEqual(rooms(7).map((room) => room.name))
  })

  it('counts the images already there: one, then three, then three more is one past', () => {
    const { result } = renderHook(() => useImageList(['/a.webp']))
    let added!: { overLimit: number }
    act(() => void (added = result.current.add(rooms(3))))
    expect(added).toEqual({ overLimit: 0 })
    act(() => void (added = result.current.add(rooms(3, 4))))
    expect(added).toEqual({ overLimit: 1 })
    expect(result.current.images).toHaveLength(7)
    act(() => result.current.remove(result.current.images[2]!.key))
    act(() => void (added = result.current.add(rooms(1, 7))))
    expect(added).toEqual({ overLimit: 1 })
    expect(names(result.current.images)).toEqual([
      '/a.webp',
      'room-1.jpg',
      'room-3.jpg',
      'room-4.jpg',
      'room-5.jpg',
      'room-6.jpg',
      'room-7.jpg',
    ])
  })

  it('marks a text file and a file over 10 MB with the reason, and previews only pictures', async () => {
    const { result } = renderHook(() => useImageList([]))
    const bigPng = new Uint8Array(maxImageBytes + 1)
    bigPng.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const big = new File([bigPng], 'huge.png', { type: 'image/png' })
    act(() => void result.current.add([file('notes.txt', 'text/plain'), big, file('ok.png')]))
    await waitFor(() =>
      expect(result.current.images).toMatchObject([
        { kind: 'new', problem: 'Not a JPEG or PNG image', previewUrl: undefined },
        { kind: 'new', problem: 'Larger than 10 MB', previewUrl: 'blob:preview-1' },
        { kind: 'new', problem: undefined, previewUrl: 'blob:preview-2' },
      ]),
    )
  })

  it('marks a file named .jpg that holds no JPEG, with no preview to show', async () => {
    const { result } = renderHook(() => useImageList([]))
    act(() => void result.current.add([file('fake.jpg', 'image/jpeg', 'not a picture')]))
    await waitFor(() =>
      expect(result.current.images).toMatchObject([
        { kind: 'new', problem: 'Not a JPEG or PNG image', previewUrl: undefined },
      ]),
    )
    expect(URL.createObjectURL).not.toHaveBeenCalled()
  })

  it('marks a picture the browser could not decode, and frees its preview', async () => {
    const { result } = renderHook(() => useImageList([]))
    act(() => void result.current.add([file('broken.jpg')]))
    // The preview comes once the file's first bytes are read: the property is there before.
    await waitFor(() =>
      expect(result.current.images[0]).toHaveProperty('previewUrl', 'blob:preview-1'),
    )
    act(() => result.current.markUnreadable(result.current.images[0]!.key))
    expect(result.current.images[0]).toMatchObject({
      problem: 'The picture in this file could not be read',
      previewUrl: undefined,
    })
    expect(revoked).toEqual(['blob:preview-1'])
  })
})

describe('the checks made as images are picked', () => {
  it('tells a JPEG and a PNG by their first bytes, whatever the name says', async () => {
    expect(await isJpegOrPng(file('a.png', 'image/png', jpegStart))).toBe(true)
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])
    expect(await isJpegOrPng(file('b.jpg', 'image/jpeg', png))).toBe(true)
    expect(await isJpegOrPng(file('c.jpg', 'image/jpeg', 'GIF89a'))).toBe(false)
    expect(await isJpegOrPng(file('d.jpg', 'image/jpeg', ''))).toBe(false)
  })

  it('accepts JPEG and PNG files by name and type, whatever the letter case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png'])
      expect(imageFileProblem(file(name))).toBe(undefined)
    // Some systems give no type: the name decides.
    expect(imageFileProblem(file('d.jpg', ''))).toBe(undefined)
  })

  it('rejects another extension or another type, even one that claims to be an image', () => {
    expect(imageFileProblem(file('notes.txt', 'image/png'))).toBe('Not a JPEG or PNG image')
    expect(imageFileProblem(file('photo.heic', 'image/heic'))).toBe('Not a JPEG or PNG image')
    expect(imageFileProblem(file('photo.png', 'text/plain'))).toBe('Not a JPEG or PNG image')
    expect(imageFileProblem(file('animation.gif', 'image/gif'))).toBe('Not a JPEG or PNG image')
  })

  it("rejects a file over the server's 10 MB, not one of exactly 10 MB", () => {
    const ofSize = (size: number) => {
      const photo = file('big.jpg')
      Object.defineProperty(photo, 'size', { value: size })
      return photo
    }
    expect(imageFileProblem(ofSize(maxImageBytes))).toBe(undefined)
    expect(imageFileProblem(ofSize(maxImageBytes + 1))).toBe('Larger than 10 MB')
  })
})
