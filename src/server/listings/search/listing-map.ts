// The map of a listing query's filter in a box at a zoom: every match as a pin when there are few;
// otherwise clusters by grid cell (map-grid.ts), with a cell of one listing as its pin.
import { sql } from 'kysely'
import {
  searchLimits,
  type Bbox,
  type ListingFilter,
  type MapResponse,
} from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import type { Versioned } from '../listings.queries.js'
import { gridLevel, storedLevelFor } from '../map-grid.js'
import { addListingCells, addStoredCells, type MapCell } from './map-cells.js'
import { mapItem, mapMatches } from './map-matches.js'
import { readSearchRows, searchColumns } from './search-rows.js'

/**
 * The map, with the listings' version its first statement saw (undefined when the box holds none).
 * Filtered at most by type and offer, the stored cell counts give the inside of the box and only
 * the edges' listings are read.
 */
export async function readListingMap(
  db: Db,
  filter: ListingFilter & { bbox: Bbox },
  zoom: number,
): Promise<Versioned<MapResponse>> {
  const pins = await readSearchRows(
    db,
    sql`
      select ${searchColumns} from ${mapMatches(db, filter, filter.bbox)}
      limit ${sql.lit(searchLimits.mapItems + 1)}`,
    // A pin shows no badge.
    { pricePoints: false },
  )
  // The version this first statement saw: the statements after it may see newer listings, which
  // only makes a cached response read again sooner, never served stale.
  const version = pins[0]?.version ?? undefined
  if (pins.length <= searchLimits.mapItems) {
    return { value: { total: pins.length, items: pins.map(mapItem), clusters: [] }, version }
  }
  const level = gridLevel(zoom)
  const stored = storedLevelFor(level)
  const cells = new Map<string, MapCell>()
  // A box across the 180th meridian is the two boxes either side of it.
  const boxes =
    filter.bbox.west <= filter.bbox.east
      ? [filter.bbox]
      : [
          { ...filter.bbox, east: 180 },
          { ...filter.bbox, west: -180 },
        ]
  for (const box of boxes) {
    if (stored !== undefined && onlyStoredFilters(filter)) {
      await addStoredCells(db, cells, { filter, box, level, stored })
    } else {
      await addListingCells(db, cells, [mapMatches(db, filter, box)], level)
    }
  }
  const map: MapResponse = { total: 0, items: [], clusters: [] }
  for (const cell of cells.values()) {
    map.total += cell.count
    if (cell.count === 1 && cell.item) map.items.push(cell.item)
    else {
      map.clusters.push({
        lat: cell.sumLat / cell.count,
        lng: cell.sumLng / cell.count,
        count: cell.count,
      })
    }
  }
  return { value: map, version }
}

/** Whether the filter has nothing the stored cell counts do not count by (type and offer). */
function onlyStoredFilters(filter: ListingFilter): boolean {
  const { type, offer, bbox, ...others } = filter
  void type
  void offer
  void bbox
  return Object.values(others).every((value) => value === undefined)
}
