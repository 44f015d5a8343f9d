// The grid that groups listings into clusters on the map: Web Mercator cells of 64 screen pixels
// at the map's zoom, so clusters look evenly spaced on screen. Cells are numbered from the top left.
import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../db/database.js'

/** The grid's level for a map zoom: 256-pixel tiles, 4 cells of 64 pixels a side each. */
export function gridLevel(zoom: number): number {
  return zoom + 2
}

/**
 * The level of the stored cell counts (`listing_map_cell`): world maps read those instead of
 * every listing, grouping 2^(storedLevel - level) cells a side into one.
 */
export const storedLevel = gridLevel(4)

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

/** Whether a box takes in the whole world, so that the stored cell counts answer it exactly. */
export function isWholeWorld(bbox: { west: number; south: number; east: number; north: number }) {
  return bbox.west === -180 && bbox.east === 180 && bbox.south === -90 && bbox.north === 90
}
