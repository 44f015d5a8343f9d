// A saved search's place key: what lets a new listing find the searches of its place through an
// index instead of reading every search of its type and price (docs/decisions/012-job-queue.md).
// The key only narrows; each candidate's whole filter is still checked on the listing.
import type { ListingFilter } from '../../shared/listing-requests.js'
import { polygonBox } from '../../shared/polygon.js'
import { queryWords } from '../listings/search-words.js'

export const placeKinds = ['word', 'cells', 'none'] as const
export type PlaceKind = (typeof placeKinds)[number]

/**
 * The coarse grid of a map box's place: cells of a quarter degree (about 28 km north to south), so
 * that a city's box covers a few; a box over more than `maxCells` is read as no place at all.
 */
export const placeGrid = { degrees: 0.25, rows: 720, columns: 1440, maxCells: 64 } as const

export interface SearchPlace {
  /** 'word' for a search with words, 'cells' for one with a small box and no words, else 'none' */
  placeKind: PlaceKind
  /** the longest word of `q`: a listing matches only if one of its words begins with it */
  placeWord: string | null
  /** the grid cells of the box, for 'cells' */
  cells: number[]
}

const row = (lat: number) =>
  Math.min(Math.floor((lat + 90) / placeGrid.degrees), placeGrid.rows - 1)
const column = (lng: number) =>
  Math.min(Math.floor((lng + 180) / placeGrid.degrees), placeGrid.columns - 1)

/** The grid cell a point lies in; a box that holds the point covers it (searchPlace). */
export function placeCell(lat: number, lng: number): number {
  return row(lat) * placeGrid.columns + column(lng)
}

/**
 * The place key of a search's filter, for the saved-search writes and migration 012. A polygon
 * without a bbox is placed by its own box.
 */
export function searchPlace({
  q,
  bbox: given,
  polygon,
}: Pick<ListingFilter, 'q' | 'bbox' | 'polygon'>): SearchPlace {
  const bbox = given ?? (polygon && polygonBox(polygon))
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

/** Every start of every word: the place words a listing with these words can match. */
export function wordStarts(words: string[]): string[] {
  const starts = new Set<string>()
  for (const word of words) {
    const letters = [...word]
    for (let length = 1; length <= letters.length; length += 1) {
      starts.add(letters.slice(0, length).join(''))
    }
  }
  return [...starts]
}
