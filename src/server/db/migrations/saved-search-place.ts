// A saved search's place key, as alerts/search-place.ts computed it from the stored query when
// migration 012 was written, with the query read as shared/listing-filter-schema.ts read it then: a
// query that breaks any of its rules gets no place.
import { queryWords } from './words.js'

/** A map box in degrees; `west` > `east` when it spans the 180th meridian. */
interface Bbox {
  west: number
  south: number
  east: number
  north: number
}

export interface SearchPlace {
  placeKind: 'word' | 'cells' | 'none'
  placeWord: string | null
  cells: number[]
}

/** The place key of a saved search's stored query (its JSON text). */
export function storedSearchPlace(query: string): SearchPlace {
  return searchPlace(storedFilter(query))
}

/** The text and box of a stored query that follows every rule of the search parameters, or none. */
function storedFilter(query: string): { q?: string; bbox?: Bbox } {
  let parsed: unknown
  try {
    parsed = JSON.parse(query)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const fields = parsed as Record<string, unknown>
  const rules: Record<string, (value: string) => boolean> = {
    type: (value) => value === 'rent' || value === 'sale',
    offer: isBooleanText,
    userRef: (value) => /^[A-Za-z0-9_-]{1,64}$/.test(value),
    status: (value) => value === 'active',
    q: (value) => {
      const text = value.trim()
      return text.length >= 1 && text.length <= 100 && /[\p{L}\p{N}]/u.test(text)
    },
    minPrice: (value) => /^\d{1,10}$/.test(value),
    maxPrice: (value) => /^\d{1,10}$/.test(value),
    minBedrooms: isRoomCount,
    minBathrooms: isRoomCount,
    parking: isBooleanText,
    furnished: isBooleanText,
    bbox: (value) => bboxOf(value) !== undefined,
  }
  for (const [name, rule] of Object.entries(rules)) {
    const value = fields[name]
    if (value === undefined) continue
    if (typeof value !== 'string' || !rule(value)) return {}
  }
  const { minPrice, maxPrice } = fields
  if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) {
    return {}
  }
  return {
    ...(fields.q !== undefined && { q: (fields.q as string).trim() }),
    ...(fields.bbox !== undefined && { bbox: bboxOf(fields.bbox as string) }),
  }
}

function isBooleanText(value: string): boolean {
  return value === 'true' || value === 'false'
}

function isRoomCount(value: string): boolean {
  return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 50
}

/** `west,south,east,north` in degrees, or undefined when it is not one. */
function bboxOf(value: string): Bbox | undefined {
  const parts = value.split(',')
  const numbers = parts.map((part) => (/^-?\d{1,3}(\.\d{1,12})?$/.test(part) ? Number(part) : NaN))
  const [west, south, east, north] = numbers as [number, number, number, number]
  const valid =
    parts.length === 4 &&
    numbers.every(Number.isFinite) &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90 &&
    south <= north
  return valid ? { west, south, east, north } : undefined
}

/**
 * The coarse grid of a map box's place: cells of a quarter degree, so that a city's box covers a
 * few; a box over more than `maxCells` is read as no place at all.
 */
const placeGrid = { degrees: 0.25, rows: 720, columns: 1440, maxCells: 64 } as const

const row = (lat: number) =>
  Math.min(Math.floor((lat + 90) / placeGrid.degrees), placeGrid.rows - 1)
const column = (lng: number) =>
  Math.min(Math.floor((lng + 180) / placeGrid.degrees), placeGrid.columns - 1)

function searchPlace({ q, bbox }: { q?: string; bbox?: Bbox }): SearchPlace {
  const words = q === undefined ? [] : queryWords(q)
  if (words.length > 0) {
    // The longest word is the rarest prefix, so it narrows the most.
    const longest = words.reduce((best, word) =>
      [...word].length > [...best].length ? word : best,
    )
    return { placeKind: 'word', placeWord: longest, cells: [] }
  }
  if (bbox === undefined) return { placeKind: 'none', placeWord: null, cells: [] }
  const rows = row(bbox.north) - row(bbox.south) + 1
  const west = column(bbox.west)
  const east = column(bbox.east)
  // A box whose west lies east of its east spans the 180th meridian: it wraps round the grid.
  const columns =
    bbox.west <= bbox.east
      ? Array.from({ length: east - west + 1 }, (_, n) => west + n)
      : [
          ...Array.from({ length: placeGrid.columns - west }, (_, n) => west + n),
          ...Array.from({ length: east + 1 }, (_, n) => n),
        ]
  if (rows * columns.length > placeGrid.maxCells) {
    return { placeKind: 'none', placeWord: null, cells: [] }
  }
  const cells = Array.from({ length: rows }, (_, n) => row(bbox.south) + n).flatMap((cellRow) =>
    columns.map((cellColumn) => cellRow * placeGrid.columns + cellColumn),
  )
  return { placeKind: 'cells', placeWord: null, cells: [...new Set(cells)] }
}
