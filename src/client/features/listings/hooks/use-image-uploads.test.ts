// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as uploads from '../api/uploads'
import { UploadError, uploadImage, type UploadProgress } from '../api/uploads'
import { currentToasts, dismissToast } from '../../../components/toasts'
import type { ImageItem } from './use-image-list'
import { processingMessage, useImageUploads } from './use-image-uploads'

vi.mock('../api/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof uploads>()),
  uploadImage: vi.fn(),
}))
const upload = vi.mocked(uploadImage)
afterEach(() => {
  upload.mockReset()
  for (const { id } of currentToasts()) dismissToast(id)
})

const stored = (url: string): ImageItem => ({ kind: 'stored', key: url, url, number: 1 })
const chosen = (name: string): ImageItem => ({
  kind: 'new',
  key: `key-${name}`,
  file: new File(['x'], name, { type: 'image/jpeg' }),
  previewUrl: `blob:${name}`,
})

/** An upload that waits until the test finishes or fails it, reporting progress meanwhile. */
function pendingUpload() {
  let report!: (progress: UploadProgress) => void
  let finish!: (uploadId: string) => void
  let fail!: (error: Error) => void
  upload.mockImplementationOnce(
    (_file, onProgress) =>
      new Promise<string>((resolve, reject) => {
        report = onProgress
        finish = resolve
        fail = reject
      }),
  )
  return {
    report: (sent: number, total: number) => act(() => report({ sent, total })),
    finish: (uploadId: string) => finish(uploadId),
    fail: (message: string, status?: number) =>
      fail(status === undefined ? new Error(message) : new UploadError(message, status)),
  }
}

describe("the upload of the listing form's images", () => {
  it('uploads the new files all at once and resolves to the URLs kept and the upload ids, in order', async () => {
    const { result } = renderHook(() => useImageUploads())
    const front = pendingUpload()
    const garden = pendingUpload()
    const images = [chosen('front.jpg'), stored('/kept.webp'), chosen('garden.jpg')]

    let uploaded!: Promise<string[] | undefined>
    act(() => void (uploaded = result.current.uploadAll(images)))
    expect(upload).toHaveBeenCalledTimes(2)
    expect(result.current.uploads.get('key-front.jpg')).toEqual({
      progress: 0,
      processing: false,
      error: undefined,
    })

    front.report(1, 4)
    expect(result.current.uploads.get('key-front.jpg')?.progress).toBe(0.25)
    garden.finish('upload-garden')
    front.finish('upload-front')
    await act(async () => {
      expect(await uploaded).toEqual(['upload-front', '/kept.webp', 'upload-garden'])
    })
    expect(result.current.uploads.get('key-front.jpg')?.progress).toBe(1)
  })

  it('resolves to nothing when a file fails, shows why, and sends next time only what is not up yet', async () => {
    const { result } = renderHook(() => useImageUploads())
    const images = [chosen('front.jpg'), chosen('fake.png')]
    const front = pendingUpload()
    const fake = pendingUpload()

    let uploaded!: Promise<string[] | undefined>
    act(() => void (uploaded = result.current.uploadAll(images)))
    front.finish('upload-front')
    fake.fail('This file is not a JPEG or PNG image')
    await act(async () => expect(await uploaded).toBeUndefined())
    expect(result.current.uploads.get('key-fake.png')?.error).toBe(
      'This file is not a JPEG or PNG image',
    )

    const again = pendingUpload()
    act(() => void (uploaded = result.current.uploadAll(images)))
    expect(result.current.uploads.get('key-fake.png')).toEqual({
      progress: 0,
      processing: false,
      error: undefined,
    })
    again.finish('upload-fake')
    await act(async () => expect(await uploaded).toEqual(['upload-front', 'upload-fake']))
    expect(upload).toHaveBeenCalledTimes(3)
    expect(upload.mock.calls[2]![0].name).toBe('fake.png')
  })

  it.each([429, 507])(
    'says an error that stops every file (%i) once, as a toast, and beside each file',
    async (status) => {
      const { result } = renderHook(() => useImageUploads())
      const images = [chosen('front.jpg'), chosen('garden.jpg'), chosen('fake.png')]
      const [front, garden, fake] = [pendingUpload(), pendingUpload(), pendingUpload()]
      const limitError = 'At most 30 images may wait for a listing: use them in one, or wait a day'

      let uploaded!: Promise<string[] | undefined>
      act(() => void (uploaded = result.current.uploadAll(images)))
      front.fail(limitError, status)
      garden.fail(limitError, status)
      // A file's own problem stays beside the file only.
      fake.fail('This file is not a JPEG or PNG image', 422)
      await act(async () => expect(await uploaded).toBeUndefined())
      expect(currentToasts().map((toast) => toast.message)).toEqual([limitError])
      expect(result.current.uploads.get('key-garden.jpg')?.error).toBe(limitError)
    },
  )

  it("says 'Processing photo 2 of 3…' while the server makes the second image of three", async () => {
    const { result } = renderHook(() => useImageUploads())
    const images = [chosen('front.jpg'), chosen('garden.jpg'), chosen('kitchen.jpg')]
    const [front, garden, kitchen] = [pendingUpload(), pendingUpload(), pendingUpload()]
    const message = () => processingMessage(images, result.current.uploads)

    let uploaded!: Promise<string[] | undefined>
    act(() => void (uploaded = result.current.uploadAll(images)))
    front.report(2, 4)
    expect(message()).toBeUndefined()
    // Every byte sent: the server's response to the last chunk is the image made.
    front.report(4, 4)
    garden.report(4, 4)
    expect(result.current.uploads.get('key-front.jpg')).toMatchObject({ processing: true })
    expect(message()).toBe('Processing photo 1 of 3…')
    await act(async () => front.finish('upload-front'))
    expect(message()).toBe('Processing photo 2 of 3…')
    kitchen.report(4, 4)
    await act(async () => garden.finish('upload-garden'))
    expect(message()).toBe('Processing photo 3 of 3…')
    await act(async () => kitchen.finish('upload-kitchen'))
    expect(message()).toBeUndefined()
    await act(async () => expect(await uploaded).toHaveLength(3))
  })
})
