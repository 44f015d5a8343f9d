// The map's clusters: listings added up by grid cell, from the listings themselves or from the
// stored cell counts (listing_map_cell, kept by triggers) with only the box's edges read.
import { sql, type RawBuilder } from 'kysely'
import type { Bbox, ListingFilter, MapItem } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import { cellX, cellY, columnOf, latitudeOf, longitudeOf, rowOf } from '../map-grid.js'
import { mapItem, mapMatches } from './map-matches.js'
import { boxConditions } from './search-conditions.js'
import { and, column } from './search-rows.js'

export interface MapCell {
  count: number
  sumLat: number
  sumLng: number
  /** the one listing of a cell that holds one, when it was read */
  item?: MapItem
}

interface ListingCellRow {
  x: number
  y: number
  count: number | string
  sumLat: number
  sumLng: number
  id: string
  type: 'rent' | 'sale'
  name: string
  price: number
  lat: number
  lng: number
}

/** Adds the listings of `sources` (each a `from …`) to the cells at `level`, reading each one. */
export async function addListingCells(
  db: Db,
  cells: Map<string, MapCell>,
  sources: RawBuilder<unknown>[],
  level: number,
) {
  if (sources.length === 0) return
  const x = cellX(db.dialect, column('lng'), level)
  const y = cellY(db.dialect, column('lat'), level)
  // Several sources (the strips along a box's edges) are one statement, their rows side by side.
  const matches = sql.join(
    sources.map(
      (source) => sql`
        select listing.id, listing.type, listing.name, listing.price, listing.lat, listing.lng
        from ${source}`,
    ),
    sql` union all `,
  )
  const found = (
    await sql<ListingCellRow>`
      select ${x} as "x", ${y} as "y", count(*) as "count",
        sum(listing.lat) as "sumLat", sum(listing.lng) as "sumLng",
        min(listing.id) as "id", min(listing.type) as "type", min(listing.name) as "name",
        min(listing.price) as "price", min(listing.lat) as "lat", min(listing.lng) as "lng"
      from (${matches}) as listing
      group by 1, 2`.execute(db.kysely)
  ).rows
  for (const row of found) {
    const count = Number(row.count)
    addToCell(cells, `${row.x}:${row.y}`, {
      count,
      sumLat: row.sumLat,
      sumLng: row.sumLng,
      ...(count === 1 && { item: mapItem(row) }),
    })
  }
}

/**
 * Adds the listings of `box` at `level` from the stored counts of level `stored`: the stored
 * cells wholly inside the box, then the listings of the box outside those cells, read one by one.
 */
export async function addStoredCells(
  db: Db,
  cells: Map<string, MapCell>,
  {
    filter,
    box,
    level,
    stored,
  }: { filter: ListingFilter; box: Bbox; level: number; stored: number },
) {
  const last = 2 ** stored - 1
  // Whole cells only: the first and last row take in the poles, so they count only when the
  // box reaches the pole itself.
  const x0 = Math.ceil(columnOf(box.west, stored))
  const x1 = Math.floor(columnOf(box.east, stored)) - 1
  const y0 = box.north >= 90 ? 0 : Math.max(1, Math.ceil(rowOf(box.north, stored)))
  const y1 = box.south <= -90 ? last : Math.min(last - 1, Math.floor(rowOf(box.south, stored)) - 1)
  const shift = 2 ** (stored - level)
  const wholeCells = x0 <= x1 && y0 <= y1
  if (wholeCells) {
    const conditions = [
      sql`"level" = ${sql.lit(stored)}`,
      sql`"x" >= ${x0}`,
      sql`"x" <= ${x1}`,
      sql`"y" >= ${y0}`,
      sql`"y" <= ${y1}`,
    ]
    if (filter.type !== undefined) conditions.push(sql`"type" = ${filter.type}`)
    if (filter.offer !== undefined) conditions.push(sql`"offer" = ${db.bool(filter.offer)}`)
    const inside = (
      await sql<{ x: number; y: number; count: number | string; sumLat: number; sumLng: number }>`
        select "x" / ${sql.lit(shift)} as "x", "y" / ${sql.lit(shift)} as "y",
          sum("count") as "count", sum("sumLat") as "sumLat", sum("sumLng") as "sumLng"
        from listing_map_cell where ${and(conditions)}
        group by 1, 2`.execute(db.kysely)
    ).rows
    for (const row of inside) {
      addToCell(cells, `${row.x}:${row.y}`, {
        count: Number(row.count),
        sumLat: row.sumLat,
        sumLng: row.sumLng,
      })
    }
  }
  // The edges: listings of the box whose stored cell is not one of those just added. Strips
  // along the four sides drive the read; the condition on the cell decides, as the triggers do.
  const notInside = wholeCells
    ? [
        sql`not (${cellX(db.dialect, column('lng'), stored)} between ${x0} and ${x1} and ${cellY(db.dialect, column('lat'), stored)} between ${y0} and ${y1})`,
      ]
    : []
  const strips = wholeCells
    ? edgeStrips(
        box,
        {
          west: longitudeOf(x0, stored),
          east: longitudeOf(x1 + 1, stored),
          north: latitudeOf(y0, stored),
          south: latitudeOf(y1 + 1, stored),
        },
        // The first and last column and row take in everything beyond them.
        {
          west: x0 === 0 && box.west === -180,
          east: x1 === last && box.east === 180,
          north: y0 === 0,
          south: y1 === last,
        },
      )
    : [box]
  // Each strip reads the listings whose cell is outside; a listing on a line between two
  // strips is in both, so each strip also leaves out those of the strips before it.
  const stripMatches = strips.map((strip, index) =>
    mapMatches(db, filter, strip, [
      ...notInside,
      ...strips.slice(0, index).map((before) => sql`not (${and(boxConditions(before))})`),
    ]),
  )
  await addListingCells(db, cells, stripMatches, level)
}

function addToCell(cells: Map<string, MapCell>, key: string, added: MapCell) {
  const cell = cells.get(key)
  if (!cell) {
    cells.set(key, added)
    return
  }
  cell.count += added.count
  cell.sumLat += added.sumLat
  cell.sumLng += added.sumLng
  delete cell.item
}

/**
 * The parts of `box` outside `inside` (which lies within it): a strip along each side that
 * `inside` does not already reach, each reaching a hair into `inside` so that no rounding of a
 * cell's edge leaves a listing out.
 */
function edgeStrips(
  box: Bbox,
  inside: Bbox,
  reached: Record<'west' | 'east' | 'north' | 'south', boolean>,
): Bbox[] {
  const hair = 1e-9
  const strips: Bbox[] = []
  if (!reached.west) strips.push({ ...box, east: Math.min(box.east, inside.west + hair) })
  if (!reached.east) strips.push({ ...box, west: Math.max(box.west, inside.east - hair) })
  const between = { west: inside.west, east: inside.east }
  if (!reached.north) {
    strips.push({ ...between, south: Math.max(box.south, inside.north - hair), north: box.north })
  }
  if (!reached.south) {
    strips.push({ ...between, south: box.south, north: Math.min(box.north, inside.south + hair) })
  }
  return strips.filter((strip) => strip.west <= strip.east && strip.south <= strip.north)
}
