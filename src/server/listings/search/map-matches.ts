// The listings of a filter that lie in a box, as the map's statements read them.
import { sql, type RawBuilder } from 'kysely'
import type { Bbox, ListingFilter, MapItem } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import { queryWords } from '../search-words.js'
import { rowConditions } from './search-conditions.js'
import { and } from './search-rows.js'
import { areaSeqs, filterBoxes, textSeqs } from './sqlite-search-page.js'

/**
 * `from …` of the listings that match in `box`. On SQLite the R*Tree of the box and the polygon's
 * drives, or, for the whole world without a polygon, the text indexes when there is text;
 * PostgreSQL's planner chooses for itself.
 */
export function mapMatches(
  db: Db,
  filter: ListingFilter,
  box: Bbox,
  extra: RawBuilder<unknown>[] = [],
) {
  // The map shows only listings on the market, whoever's they are.
  const conditions = and([...rowConditions(db, { ...filter, bbox: box }, 'active'), ...extra])
  if (db.dialect === 'sqlite') {
    const words = filter.q === undefined ? [] : queryWords(filter.q)
    const boxes = filterBoxes({ ...filter, bbox: box })
    if (boxes.length > 0) {
      return sql`(${areaSeqs(boxes)}) as driver
        cross join listing on listing.seq = driver.seq where ${conditions}`
    }
    if (words.length > 0) {
      // The longest word is the rarest prefix; the text indexes give its listings, the rows decide.
      const longest = words.reduce((best, word) =>
        [...word].length > [...best].length ? word : best,
      )
      return sql`(${textSeqs(longest)}) as driver
        cross join listing on listing.seq = driver.seq where ${conditions}`
    }
  }
  return sql`listing where ${conditions}`
}

/** A map pin of a listing row. */
export function mapItem(row: {
  id: string
  type: 'rent' | 'sale'
  name: string
  price: number
  lat: number
  lng: number
}): MapItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    price: Number(row.price),
    lat: row.lat,
    lng: row.lng,
  }
}
