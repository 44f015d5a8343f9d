// Migration 021 on PostgreSQL: listing writes running at once, each moving a listing between the
// same map cells and the same places in opposite directions, all succeed (no deadlock), and the
// cell and place counts still agree with the listings. Before it, the counting triggers locked the
// old rows first, then the new ones, and this test failed with "deadlock detected".
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  type TestApp,
} from '../../../../tests/support/test-app'

const listings = 16
const writes = 240

describe.skipIf(!dialects.includes('postgres'))('migration 021 on postgres', () => {
  let t: TestApp
  const ids: string[] = []
  // Two cities of the gazetteer (GeoNames ids): Paris and Boulogne-Billancourt.
  const places = [2988507, 3031137]

  beforeAll(async () => {
    t = await createTestApp('postgres')
    const owner = await createUser(t.context)
    const rows = await insertListings(
      t.context,
      Array.from({ length: listings }, (_, i) => ({
        userRef: owner.id,
        type: i % 2 === 0 ? ('rent' as const) : ('sale' as const),
        placeId: places[i % 2],
      })),
    )
    ids.push(...rows.map((row) => row.id))
  }, 60_000)
  afterAll(() => t?.close())

  it('lets writes that swap cells and places run at once, and keeps the counts', async () => {
    const db = t.context.db.kysely
    // Each write flips a listing's type (its cell at every level) and its place: half of the
    // writes going one way while the other half go back.
    const flips = Array.from({ length: writes }, (_, i) => ids[i % listings]!)
    const results = await Promise.allSettled(
      flips.map((id) =>
        sql`
          update listing set
            "type" = case when "type" = 'rent' then 'sale' else 'rent' end,
            "placeId" = case when "placeId" = ${places[0]}::integer then ${places[1]}::integer else ${places[0]}::integer end
          where "id" = ${id}`.execute(db),
      ),
    )
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    )
    expect(failures).toEqual([])

    const cells = await sql<{ level: number; type: string; count: number }>`
      select "level", "type", sum("count")::integer as "count" from listing_map_cell
      group by 1, 2 order by 1, 2`.execute(db)
    const byType = await sql<{ type: string; count: number }>`
      select "type", count(*)::integer as "count" from listing
      where "status" = 'active' group by 1 order by 1`.execute(db)
    const levels = [...new Set(cells.rows.map((row) => row.level))]
    expect(levels.length).toBeGreaterThan(1)
    for (const level of levels) {
      expect(
        cells.rows.filter((row) => row.level === level).map(({ type, count }) => ({ type, count })),
      ).toEqual(byType.rows)
    }

    const counted = await sql<{ id: number; listings: number }>`
      select "id"::integer as "id", "listings"::integer as "listings" from place
      where "id" in (${places[0]}, ${places[1]}) order by 1`.execute(db)
    const tied = await sql<{ id: number; listings: number }>`
      select "placeId"::integer as "id", count(*)::integer as "listings" from listing
      where "status" = 'active' and "placeId" in (${places[0]}, ${places[1]})
      group by 1 order by 1`.execute(db)
    expect(counted.rows).toEqual(tied.rows)
  })
})
