// The map grid's cell of a listing, in SQL, as listings/map-grid.ts computed it when migration 008
// was written: Web Mercator cells of 64 screen pixels at each stored level, numbered from the top
// left. Migrations 008 and 010 count listings into these cells.
import { type RawBuilder, sql } from 'kysely'
import type { Dialect } from './dialect.js'

/** The levels of the stored cell counts (`listing_map_cell`). */
export const storedLevels = [6, 9, 12, 15, 18] as const

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
