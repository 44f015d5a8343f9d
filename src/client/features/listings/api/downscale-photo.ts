// Photos larger than the site ever shows are made smaller in the browser before they are sent: a
// phone's 48-megapixel photo would be rejected (40 at most), and any large one costs upload time and
// the server's work. The type stays (JPEG or PNG), and so do the name and the date.

/** The longest side, in pixels, a photo is sent with. */
export const maxPhotoSide = 4000

/** What a JPEG is saved at; a PNG has no quality. */
const jpegQuality = 0.9

/** The size a picture of `width`×`height` is sent at: unchanged when its longest side fits. */
export function sentSize(width: number, height: number): { width: number; height: number } {
  const scale = maxPhotoSide / Math.max(width, height)
  if (scale >= 1) return { width, height }
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * The file to upload: `file` itself when its longest side is at most maxPhotoSide (or the browser
 * cannot read it: the server says why), else a copy whose longest side is maxPhotoSide. The copy is
 * turned the right way up (the EXIF orientation applied) and carries no metadata.
 */
export async function downscalePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  try {
    const size = sentSize(bitmap.width, bitmap.height)
    if (size.width === bitmap.width && size.height === bitmap.height) return file
    const canvas = new OffscreenCanvas(size.width, size.height)
    const context = canvas.getContext('2d')
    if (!context) return file
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const png = file.type === 'image/png' || (file.type === '' && /\.png$/i.test(file.name))
    const type = png ? 'image/png' : 'image/jpeg'
    const blob = await canvas.convertToBlob({ type, quality: jpegQuality })
    // The same date as the original: tus knows a file again, to resume it, by name, size and date.
    return new File([blob], file.name, { type, lastModified: file.lastModified })
  } finally {
    bitmap.close()
  }
}
