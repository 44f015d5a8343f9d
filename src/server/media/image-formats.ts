// What we read of JPEG and PNG files byte by byte, without decoding them: the format, a JPEG's
// scans and quality, a PNG's end, and a copy without metadata segments.

/** The cleaned original's file name in an image folder, by format. */
export const originalNames = { jpeg: 'original.jpg', png: 'original.png' } as const

export type ImageFormat = keyof typeof originalNames

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const jpegStart = Buffer.from([0xff, 0xd8, 0xff])

/** The format by the file's first bytes: sharp never parses anything else (SVG, GIF, TIFF…). */
export function formatOf(input: Buffer): ImageFormat | undefined {
  if (input.subarray(0, pngSignature.length).equals(pngSignature)) return 'png'
  if (input.subarray(0, jpegStart.length).equals(jpegStart)) return 'jpeg'
  return undefined
}

interface Segment {
  marker: number
  start: number
  /** where the next segment starts; a scan's segment runs to the end of its coded data */
  end: number
}

/**
 * A JPEG's segments after its start marker, read marker by marker, skipping each scan's coded
 * data; reading stops at the end marker or where the file stops making sense.
 */
function* jpegSegments(input: Buffer): Generator<Segment> {
  let offset = 2
  while (offset + 1 < input.length && input[offset] === 0xff) {
    const marker = input[offset + 1]!
    const start = offset
    // Fill bytes, and markers without a length (TEM, restarts).
    if (marker === 0xff) offset += 1
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) offset += 2
    else if (marker === 0xd9) return yield { marker, start, end: offset + 2 }
    else if (offset + 4 > input.length) return
    else {
      offset += 2 + input.readUInt16BE(offset + 2)
      // Coded data runs to the next marker: a 0xFF not followed by a stuffed 0x00 or a restart.
      while (marker === 0xda && offset + 1 < input.length) {
        const next = input[offset + 1]!
        if (input[offset] === 0xff && next !== 0x00 && (next < 0xd0 || next > 0xd7)) break
        offset += 1
      }
      yield { marker, start, end: Math.min(offset, input.length) }
    }
  }
}

/**
 * The most scans a JPEG may have. Encoders write 1 (baseline) or about 10 (progressive); each scan
 * makes the decoder go over the whole picture again, so thousands of few-byte scans keep a worker
 * busy for minutes, and libvips cannot stop a decode half-way.
 */
export const maxJpegScans = 100

/** The scans (SOS markers) of a JPEG: each makes the decoder go over the whole picture again. */
export function jpegScanCount(input: Buffer): number {
  let scans = 0
  for (const segment of jpegSegments(input)) if (segment.marker === 0xda) scans += 1
  return scans
}

// The IJG (libjpeg) luminance table, to which encoders scale their quality setting.
const standardLuminanceTotal = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
  92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].reduce((sum, value) => sum + value, 0)

/**
 * The quality (1–100) a JPEG was saved at, as libjpeg's scale would call it, from its first
 * luminance table; undefined when it has none we can read.
 */
export function jpegQuality(input: Buffer): number | undefined {
  for (const { marker, start, end } of jpegSegments(input)) {
    if (marker !== 0xdb) continue
    // A table definition: a byte of precision and id, then 64 values of 1 or 2 bytes.
    for (let offset = start + 4; offset < end;) {
      const wide = input[offset]! >> 4 === 1
      const id = input[offset]! & 0x0f
      const size = wide ? 128 : 64
      if (offset + 1 + size > end) return undefined
      if (id === 0) {
        let total = 0
        for (let i = 0; i < 64; i++) {
          total += wide ? input.readUInt16BE(offset + 1 + 2 * i) : input[offset + 1 + i]!
        }
        const scale = (total * 100) / standardLuminanceTotal
        const quality = scale <= 100 ? (200 - scale) / 2 : 5000 / scale
        return Math.min(100, Math.max(1, Math.round(quality)))
      }
      offset += 1 + size
    }
  }
  return undefined
}

/**
 * Where a PNG's end chunk (IEND) ends, read chunk by chunk (length, type, data, CRC); undefined when
 * the chunks run past the file, which is then cut short.
 */
export function pngEndOffset(input: Buffer): number | undefined {
  for (const chunk of pngChunks(input)) {
    if (chunk.type === 'IEND') return chunk.end
  }
  return undefined
}

function* pngChunks(input: Buffer): Generator<{ type: string; start: number; end: number }> {
  let offset = pngSignature.length
  while (offset + 12 <= input.length) {
    const end = offset + 12 + input.readUInt32BE(offset)
    if (end > input.length) return
    yield { type: input.toString('latin1', offset + 4, offset + 8), start: offset, end }
    offset = end
  }
}

// What a decoder needs of a JPEG: tables, frame, scans, restarts, the end; and Adobe's segment,
// which says how the colours were transformed. Every other segment (EXIF, XMP, ICC, comments) goes.
const jpegPictureMarkers = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcc, 0xcd, 0xce, 0xcf, 0xd9,
  0xda, 0xdb, 0xdc, 0xdd, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7,
])
// A PNG's picture: header, palette, transparency, data, end. Text, EXIF, ICC, times and the rest go.
const pngPictureChunks = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND'])

/**
 * A checked JPEG or PNG with only the segments that make its picture, and nothing after its end:
 * never larger than the file, at no cost in pixels or time. A JPEG's EXIF orientation goes too.
 */
export function withoutMetadata(input: Buffer, format: ImageFormat): Buffer {
  const kept: Buffer[] = [input.subarray(0, format === 'jpeg' ? 2 : pngSignature.length)]
  if (format === 'jpeg') {
    for (const { marker, start, end } of jpegSegments(input)) {
      const adobe = marker === 0xee && input.toString('latin1', start + 4, start + 9) === 'Adobe'
      if (jpegPictureMarkers.has(marker) || adobe) kept.push(input.subarray(start, end))
    }
  } else {
    for (const { type, start, end } of pngChunks(input)) {
      if (pngPictureChunks.has(type)) kept.push(input.subarray(start, end))
    }
  }
  return Buffer.concat(kept)
}
