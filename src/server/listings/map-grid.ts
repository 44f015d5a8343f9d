// The grid that groups listings into clusters on the map: Web Mercator cells of 64 screen pixels
// at the map's zoom, so clusters look evenly spaced on screen. Cells are numbered from the top left.
import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../db/database.js'
import { worldBbox, type Bbox } from '../../shared/listing-requests.js'

/** The grid's level for a map zoom: 256-pixel tiles, 4 cells of 64 pixels a side each. */
export function gridLevel(zoom: number): number {
  return zoom + 2
}

/**
 * The levels of the stored cell counts (`listing_map_cell`). A map at grid level L adds up the
 * cells of the first stored level finer than L (4 to 64 small cells to one of the map's) that lie
 * wholly in its box, and reads only the listings of the thin strips at its edges.
 */
export const storedLevels = [6, 9, 12, 15, 18] as const

/** The stored level that serves a map at grid `level`, if there is one fine enough. */
export function storedLevelFor(level: number): number | undefined {
  return storedLevels.find((stored) => stored > level)
}

/** The column of a longitude at `level`, as a real number (its cell is the floor). */
export function columnOf(lng: number, level: number): number {
  return ((lng + 180) / 360) * 2 ** level
}

/** The row of a latitude at `level`, as a real number, clamped to the Mercator map. */
export function rowOf(lat: number, level: number): number {
  const clamped = (Math.min(Math.max(lat, -maxLatitude), maxLatitude) * Math.PI) / 180
  return ((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * 2 ** level
}

/** The longitude of a column's left edge at `level`. */
export function longitudeOf(column: number, level: number): number {
  return (column / 2 ** level) * 360 - 180
}

/** The latitude of a row's top edge at `level`. */
export function latitudeOf(row: number, level: number): number {
  const n = Math.PI - (2 * Math.PI * row) / 2 ** level
  return (Math.atan(Math.sinh(n)) * 180) / Math.PI
}

/** Web Mercator cannot show the poles; listings beyond are counted in the top and bottom rows. */
const maxLatitude = 85.0511287798

/** The SQL of a listing's cell column, from its `lng`, at `level`. */
export function cellX(dialect: Dialect, lng: RawBuilder<unknown>, level: number) {
  const cells = 2 ** level
  return clampCell(dialect, sql`floor((${lng} + 180.0) / 360.0 * ${sql.lit(cells)})`, cells)
}

/** The SQL of a listing's cell row, from its `lat`, at `level`. */
export function cellY(dialect: Dialect, lat: RawBuilder<unknown>, level: number) {
  const cells = 2 ** level
  const clamped =
    dialect === 'postgres'
      ? sql`least(greatest(${lat}, ${sql.lit(-maxLatitude)}), ${sql.lit(maxLatitude)})`
      : sql`min(max(${lat}, ${sql.lit(-maxLatitude)}), ${sql.lit(maxLatitude)})`
  const radians = sql`radians(${clamped})`
  return clampCell(
    dialect,
    sql`floor((1.0 - ln(tan(${radians}) + 1.0 / cos(${radians})) / pi()) / 2.0 * ${sql.lit(cells)})`,
    cells,
  )
}

function clampCell(dialect: Dialect, cell: RawBuilder<unknown>, cells: number) {
  return dialect === 'postgres'
    ? sql<number>`least(greatest(${cell}::integer, 0), ${sql.lit(cells - 1)})`
    : sql<number>`min(max(cast(${cell} as integer), 0), ${sql.lit(cells - 1)})`
}

/** Whether a box takes in the whole world. */
export function isWholeWorld(bbox: Bbox): boolean {
  return (
    bbox.west === worldBbox.west &&
    bbox.east === worldBbox.east &&
    bbox.south === worldBbox.south &&
    bbox.north === worldBbox.north
  )
}
