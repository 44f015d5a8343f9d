// Perceptual hashes of listing photos, to recognise a photo uploaded again after it was resized,
// recompressed or cropped a little (docs/performance.md has the measured rates).
import { imagePipeline } from './images.js'

/** Photos whose hashes differ in at most this many of their 64 bits are the same photo. */
export const matchingDistance = 6

/** A part of the picture, each side a fraction of the picture's width or height. */
interface Region {
  left: number
  top: number
  width: number
  height: number
}

const wholePicture: Region = { left: 0, top: 0, width: 1, height: 1 }

/**
 * The regions hashed for a stored photo: the whole picture and the picture less 5% on each side in
 * turn. A copy cropped by 5% on one side is then hashed as one of these; one cropped 2.5% on two
 * sides lies halfway between two of them, still near enough to match.
 */
const storedRegions: Region[] = [
  wholePicture,
  { left: 0.05, top: 0, width: 0.95, height: 1 },
  { left: 0, top: 0, width: 0.95, height: 1 },
  { left: 0, top: 0.05, width: 1, height: 0.95 },
  { left: 0, top: 0, width: 1, height: 0.95 },
]

/** The hashes stored for a photo, one per region of storedRegions, the whole picture's first. */
export async function photoHashes(image: Buffer): Promise<string[]> {
  const planes = await colourPlanes(image)
  return storedRegions.map((region) => regionHash(planes, region))
}

/** The hash of a newly uploaded photo, to compare with stored ones: its whole picture's. */
export async function photoHashOf(image: Buffer): Promise<string> {
  return regionHash(await colourPlanes(image), wholePicture)
}

/** Whether a new photo's hash is within matchingDistance of any of a stored photo's hashes. */
export function photosMatch(newHash: string, storedHashes: string[]): boolean {
  return storedHashes.some((stored) => hammingDistance(newHash, stored) <= matchingDistance)
}

/** How many bits differ between two hashes of 16 hex digits. */
export function hammingDistance(a: string, b: string): number {
  return (
    bitCount(parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) +
    bitCount(parseInt(a.slice(8, 16), 16) ^ parseInt(b.slice(8, 16), 16))
  )
}

/**
 * A hash's eight bytes, for an index on (block, value). Two hashes within matchingDistance (6 bits)
 * differ in at most 6 of the 8 blocks, so they share at least 2 exactly: a lookup of the rows that
 * share any one block with the new hash finds every match among its candidates, whose distance
 * is then checked with hammingDistance.
 */
export function hashBlocks(hash: string): { block: number; value: number }[] {
  return Array.from({ length: 8 }, (_, block) => ({
    block,
    value: parseInt(hash.slice(2 * block, 2 * block + 2), 16),
  }))
}

function bitCount(word: number): number {
  let n = word >>> 0
  n -= (n >>> 1) & 0x55555555
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * The side of the square every photo is shrunk to, its aspect ignored: a crop of 5% of the photo
 * is 5% of the square all the same. Small enough for the regions' sums to cost next to nothing.
 */
const side = 128

/** Brightness and two colour differences (red–green, blue–yellow) of the square, row by row. */
interface ColourPlanes {
  brightness: Float64Array
  redGreen: Float64Array
  blueYellow: Float64Array
}

/** Decodes the photo once, standing the right way up (EXIF), shrunk to the square. */
async function colourPlanes(image: Buffer): Promise<ColourPlanes> {
  const { data, info } = await imagePipeline(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(side, side, { fit: 'fill' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  const planes = {
    brightness: new Float64Array(side * side),
    redGreen: new Float64Array(side * side),
    blueYellow: new Float64Array(side * side),
  }
  const greenAt = info.channels >= 3 ? 1 : 0
  const blueAt = info.channels >= 3 ? 2 : 0
  for (let pixel = 0; pixel < side * side; pixel++) {
    const at = pixel * info.channels
    const red = data[at]!
    const green = data[at + greenAt]!
    const blue = data[at + blueAt]!
    planes.brightness[pixel] = 0.299 * red + 0.587 * green + 0.114 * blue
    planes.redGreen[pixel] = red - green
    planes.blueYellow[pixel] = blue - (red + green) / 2
  }
  return planes
}

/** The grid a region is averaged down to before its cosine transform, as pHash does. */
const grid = 32
/** The lowest frequencies of that transform, horizontally and vertically, that the bits use. */
const frequencies = 12

/**
 * The coefficients the bits come from, lowest frequencies first. Those varying only from top to
 * bottom are left out: bands such as sky above and ground below are what outdoor photos share, and
 * with them distinct drawings of houses had hashes within matchingDistance of each other.
 */
const coefficientOrder: number[] = []
for (let sum = 1; coefficientOrder.length < 64; sum++) {
  for (let vertical = 0; vertical < sum && coefficientOrder.length < 64; vertical++) {
    coefficientOrder.push(vertical * frequencies + (sum - vertical))
  }
}

/**
 * The region's 64 bits: 16 from its brightness and 24 from each colour difference, each bit
 * telling whether a coefficient is above the median of its group. Colour tells apart photos that
 * are alike in shape. Each colour coefficient has half of a finer brightness one added, so a grey
 * photo's colour bits still come from the picture rather than from JPEG's noise.
 */
function regionHash(planes: ColourPlanes, region: Region): string {
  const brightness = cosineTransform(shrink(planes.brightness, region))
  const redGreen = cosineTransform(shrink(planes.redGreen, region))
  const blueYellow = cosineTransform(shrink(planes.blueYellow, region))
  const at = (k: number) => coefficientOrder[k]!
  const brightnessBits = aboveMedian(Array.from({ length: 16 }, (_, k) => brightness[at(k)]!))
  const redGreenBits = aboveMedian(
    Array.from({ length: 24 }, (_, k) => redGreen[at(k)]! + 0.5 * brightness[at(16 + k)]!),
  )
  const blueYellowBits = aboveMedian(
    Array.from({ length: 24 }, (_, k) => blueYellow[at(k)]! + 0.5 * brightness[at(40 + k)]!),
  )
  return hexDigits([...brightnessBits, ...redGreenBits, ...blueYellowBits])
}

function aboveMedian(values: number[]): boolean[] {
  const median = [...values].sort((a, b) => a - b)[values.length >> 1]!
  return values.map((value) => value > median)
}

function hexDigits(bits: boolean[]): string {
  let hex = ''
  for (let at = 0; at < bits.length; at += 4) {
    const digit = bits.slice(at, at + 4).reduce((sum, bit) => sum * 2 + (bit ? 1 : 0), 0)
    hex += digit.toString(16)
  }
  return hex
}

/** The plane's region averaged down to grid × grid cells, partly covered pixels by their share. */
function shrink(plane: Float64Array, region: Region): Float64Array {
  const columns = cellWeights(region.left * side, region.width * side)
  const rows = cellWeights(region.top * side, region.height * side)
  const byColumn = new Float64Array(side * grid)
  for (let y = 0; y < side; y++) {
    for (let cell = 0; cell < grid; cell++) {
      const { first, weights } = columns[cell]!
      let sum = 0
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * plane[y * side + first + k]!
      byColumn[y * grid + cell] = sum
    }
  }
  const cells = new Float64Array(grid * grid)
  for (let cell = 0; cell < grid; cell++) {
    const { first, weights } = rows[cell]!
    for (let x = 0; x < grid; x++) {
      let sum = 0
      for (let k = 0; k < weights.length; k++)
        sum += weights[k]! * byColumn[(first + k) * grid + x]!
      cells[cell * grid + x] = sum
    }
  }
  return cells
}

/** For each of grid cells along [start, start + length): its first pixel and their weights. */
function cellWeights(start: number, length: number) {
  const step = length / grid
  return Array.from({ length: grid }, (_, cell) => {
    const from = start + cell * step
    const to = Math.min(from + step, side)
    const first = Math.floor(from)
    const weights: number[] = []
    for (let pixel = first; pixel < to; pixel++) {
      weights.push((Math.min(pixel + 1, to) - Math.max(pixel, from)) / step)
    }
    return { first, weights }
  })
}

const cosines = Array.from({ length: frequencies }, (_, frequency) =>
  Float64Array.from({ length: grid }, (_, x) =>
    Math.cos(((2 * x + 1) * frequency * Math.PI) / (2 * grid)),
  ),
)

/** The lowest frequencies × frequencies coefficients of the cells' cosine transform (DCT-II). */
function cosineTransform(cells: Float64Array): Float64Array {
  const byRow = new Float64Array(grid * frequencies)
  for (let y = 0; y < grid; y++) {
    for (let u = 0; u < frequencies; u++) {
      let sum = 0
      for (let x = 0; x < grid; x++) sum += cells[y * grid + x]! * cosines[u]![x]!
      byRow[y * frequencies + u] = sum
    }
  }
  const coefficients = new Float64Array(frequencies * frequencies)
  for (let v = 0; v < frequencies; v++) {
    for (let u = 0; u < frequencies; u++) {
      let sum = 0
      for (let y = 0; y < grid; y++) sum += cosines[v]![y]! * byRow[y * frequencies + u]!
      coefficients[v * frequencies + u] = sum
    }
  }
  return coefficients
}
