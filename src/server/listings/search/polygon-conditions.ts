// The SQL test of a listing's point against a search's polygon, the same on SQLite and
// PostgreSQL: the crossing number of its edges, with the numbers of shared/polygon.ts so that the
// code's `polygonContains` answers alike. The polygon's box goes beside it, for an index to serve.
import { sql, type RawBuilder } from 'kysely'
import { polygonEdges, type Polygon } from '../../../shared/polygon.js'
import { column } from './search-rows.js'

/** Whether a listing lies inside the polygon: an odd count of its edges lie east of the point. */
export function insidePolygon(polygon: Polygon): RawBuilder<unknown> {
  const { edges, acrossMeridian } = polygonEdges(polygon)
  const lat = column('lat')
  const lng = acrossMeridian
    ? sql`(case when ${column('lng')} < 0 then ${column('lng')} + 360 else ${column('lng')} end)`
    : column('lng')
  const crossings = edges.map(
    (edge) => sql`case when ${lat} > ${edge.south} and ${lat} <= ${edge.north}
      and ${lng} < ${edge.slope} * ${lat} + ${edge.intercept} then 1 else 0 end`,
  )
  return sql`(${sql.join(crossings, sql` + `)}) % 2 = 1`
}
