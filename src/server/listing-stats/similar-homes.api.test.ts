// The comparison group of the statistics screen, on every database, against a brute-force reading
// of the same rows: the active homes of the same type within 5 km at a price within ±30%, the
// nearest 200 at most, and the median of their totals over the period. Also the query plans of
// every statistics query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../shared/calendar-date'
import { statsCounts, type ListingStats, type StatsCounts } from '../../shared/listing-stats'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListings,
  requestJson,
  type ListingRow,
  type TestApp,
} from '../../../tests/support/test-app'
import { listingOwnersQuery, ownListingsQuery } from '../listings/listing-owners.queries'
import {
  activeListingsQuery,
  robotVisitorsQuery,
  statDaysQuery,
  statTotalsQuery,
} from './listing-stats.queries'

const today = '2031-05-12'
const now = Date.parse(`${today}T12:00:00Z`)
const center = { lat: 51.5074, lng: -0.1278 }

/** A small seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** The great-circle distance, written out again here rather than imported. */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

describe.each(dialects)('similar homes on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let rows: ListingRow[]
  /** What the database holds of listing_stat, as the test wrote it. */
  const written = new Map<string, StatsCounts>()

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    const next = random(7)
    // 2,000 homes up to 8 km from the centre, in a price band that the ±30% mostly holds: near
    // the centre more than 200 qualify, and the nearest 200 are taken.
    rows = await insertListings(
      t.context,
      Array.from({ length: 2000 }, (_, n) => {
        const distance = 8 * Math.sqrt(next())
        const angle = 2 * Math.PI * next()
        const offer = next() < 0.2
        const regularPrice = Math.round(1100 + 800 * next())
        return {
          userRef: owner.id,
          name: `Home ${n}`,
          type: next() < 0.5 ? 'rent' : 'sale',
          status: next() < 0.1 ? 'rented' : 'active',
          regularPrice,
          offer,
          discountedPrice: offer ? regularPrice - Math.round(300 * next()) : null,
          lat: center.lat + (distance / 111.19) * Math.sin(angle),
          lng:
            center.lng +
            (distance / (111.19 * Math.cos((center.lat * Math.PI) / 180))) * Math.cos(angle),
          timestamp: now - n * 1000,
        } as const
      }),
    )
    const stats = []
    for (const row of rows) {
      for (let d = 0; d < 40; d++) {
        if (next() > 0.15) continue
        const counts = {
          views: Math.floor(next() * 30),
          saves: Math.floor(next() * 3),
          conversations: Math.floor(next() * 2),
          bookings: Math.floor(next() * 2),
          alertHits: Math.floor(next() * 4),
        }
        stats.push({ listingId: row.id, day: addDays(today, -d), ...counts })
      }
    }
    for (let i = 0; i < stats.length; i += 200) {
      await t.context.db.kysely
        .insertInto('listing_stat')
        .values(stats.slice(i, i + 200))
        .execute()
    }
    for (const stat of stats) written.set(`${stat.listingId} ${stat.day}`, stat)
  })
  afterAll(async () => {
    await t?.close()
  })

  function bruteForce(listing: ListingRow, days: number) {
    const price = (row: ListingRow) => (row.offer ? row.discountedPrice! : row.regularPrice)
    const low = Math.ceil(price(listing) * 0.7)
    const high = Math.floor(price(listing) * 1.3)
    const group = rows
      .filter(
        (row) =>
          row.id !== listing.id &&
          row.status === 'active' &&
          row.type === listing.type &&
          price(row) >= low &&
          price(row) <= high &&
          km(listing, row) <= 5,
      )
      .map((row) => ({ row, km: km(listing, row) }))
      .sort((a, b) => a.km - b.km || (a.row.id < b.row.id ? -1 : 1))
      .slice(0, 200)
    const totals = group.map(({ row }) => {
      const total = Object.fromEntries(statsCounts.map((c) => [c, 0])) as StatsCounts
      for (let d = 0; d < days; d++) {
        const stat = written.get(`${row.id} ${addDays(today, -d)}`)
        if (stat) for (const c of statsCounts) total[c] += stat[c]
      }
      return total
    })
    return {
      listings: group.length,
      medians:
        group.length === 0
          ? null
          : Object.fromEntries(statsCounts.map((c) => [c, median(totals.map((x) => x[c]))])),
    }
  }

  it('compares with the median of the same rows read by brute force', async () => {
    const next = random(11)
    let capped = 0
    for (let n = 0; n < 12; n++) {
      const listing = rows[Math.floor(next() * rows.length)]!
      for (const days of [7, 30]) {
        const { status, body } = await requestJson<ListingStats>(
          t.app,
          `/api/listings/${listing.id}/stats?days=${days}`,
          { headers: { Cookie: owner.cookie } },
        )
        expect(status).toBe(200)
        const expected = bruteForce(listing, days)
        expect(body.similar, `${listing.id}, ${days} days`).toStrictEqual(expected)
        if (expected.listings === 200) capped++
      }
    }
    // The sample reached the cap and stayed under it, both.
    expect(capped).toBeGreaterThan(0)
    expect(capped).toBeLessThan(24)
  })

  it('reads every statistics query by an index', async () => {
    const ids = rows.slice(0, 50).map((row) => row.id)
    const plans = {
      days: await queryPlan(t.context.db, (k) => statDaysQuery(k, ids[0]!, '2031-04-01', today)),
      totals: await queryPlan(t.context.db, (k) => statTotalsQuery(k, ids, '2031-04-01', today)),
      active: await queryPlan(t.context.db, (k) =>
        activeListingsQuery(k, '2031-05-05', today, '', 500),
      ),
      robots: await queryPlan(t.context.db, (k) => robotVisitorsQuery(k, today, ['a', 'b'])),
      owners: await queryPlan(t.context.db, (k) => listingOwnersQuery(k, ids)),
      own: await queryPlan(t.context.db, (k) => ownListingsQuery(k, owner.id)),
    }
    for (const [name, plan] of Object.entries(plans)) {
      for (const table of ['listing_stat', 'robot_visitor', 'listing']) {
        expect(scansTable(plan, table), `${name}: ${plan.join(' | ')}`).toBe(false)
      }
    }
  })
})
