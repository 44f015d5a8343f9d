// The SQL test of a listing's point against a search's polygon, the same on SQLite and
// PostgreSQL: the crossing number of its edges, with the numbers of shared/polygon.ts so that the
// code's `polygonContains` decides alike. The polygon's box goes beside it, for an index to serve.
import { sql, type RawBuilder } from 'kysely'
import { polygonEdges, type Polygon, type PolygonEdge } from '../../../shared/polygon.js'
import { column } from './search-rows.js'

/**
 * Whether a listing lies inside the polygon: an odd count of its edges lie east of the point.
 * The corners' latitudes cut the polygon into bands that every edge crosses whole or not at all;
 * a tree of `case` finds the point's band in a few comparisons, and only that band's edges are
 * tested (two to four for a city's outline, rather than all fifty).
 */
export function insidePolygon(polygon: Polygon): RawBuilder<unknown> {
  const { edges, acrossMeridian } = polygonEdges(polygon)
  const lat = column('lat')
  const lng = acrossMeridian
    ? sql`(case when ${column('lng')} < 0 then ${column('lng')} + 360 else ${column('lng')} end)`
    : column('lng')
  const cuts = [...new Set(edges.flatMap((edge) => [edge.south, edge.north]))].sort((a, b) => a - b)
  // Band n is south < lat <= north between cuts n and n + 1; an edge crosses it whole or not at all.
  const crossings = (band: number) => {
    const crossing = edges.filter(
      (edge: PolygonEdge) => edge.south <= cuts[band]! && edge.north >= cuts[band + 1]!,
    )
    if (crossing.length === 0) return sql`0`
    const tests = crossing.map(
      (edge) =>
        sql`case when ${lng} < ${edge.slope} * ${lat} + ${edge.intercept} then 1 else 0 end`,
    )
    return sql`(${sql.join(tests, sql` + `)})`
  }
  const bands = (first: number, last: number): RawBuilder<unknown> => {
    if (first === last) return crossings(first)
    const middle = Math.floor((first + last) / 2)
    return sql`case when ${lat} <= ${cuts[middle + 1]!}
      then ${bands(first, middle)} else ${bands(middle + 1, last)} end`
  }
  const south = cuts[0]!
  const north = cuts[cuts.length - 1]!
  return sql`(case when ${lat} > ${south} and ${lat} <= ${north}
    then ${bands(0, cuts.length - 2)} else 0 end) % 2 = 1`
}
