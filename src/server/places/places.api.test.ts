// GET /api/places and GET /api/places/:id on both databases: prefixes whatever the accents and
// case, the busiest first then the most populous, counts kept by the triggers, the 400s and 404s,
// and the plan of the one statement a search of places sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestPlans } from '../../../tests/support/request-plans'
import {
  createTestApp,
  createUser,
  dialects,
  insertListings,
  requestJson,
  type TestApp,
} from '../../../tests/support/test-app'
import { normalizePlace } from '../geocoding/place-names'
import type { PlaceItem } from './place-item'
import { placeOfPoint } from './place-ties'
import { ensurePlaces } from './places.queries'

const londonGb = { lat: 51.50853, lng: -0.12574 }
const londonOntario = { lat: 42.98339, lng: -81.23304 }

describe.each(dialects)('GET /api/places on %s', (dialect) => {
  let t: TestApp
  let gbId: number
  let ontarioId: number
  let gbListings: string[]

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const owner = await createUser(t.context)
    const gb = placeOfPoint(londonGb)!
    const ontario = placeOfPoint(londonOntario)!
    gbId = gb.id
    ontarioId = ontario.id
    await ensurePlaces(t.context.db.kysely, [gb, ontario])
    // As many in each London: the count ties, and the more populous comes first.
    const rows = await insertListings(t.context, [
      ...[0, 1, 2].map(() => ({ userRef: owner.id, ...londonGb, placeId: gb.id })),
      ...[0, 1, 2].map(() => ({ userRef: owner.id, ...londonOntario, placeId: ontario.id })),
      { userRef: owner.id, ...londonOntario, placeId: ontario.id, status: 'rented' as const },
    ])
    gbListings = rows.slice(0, 3).map((row) => row.id)
  })
  afterAll(() => t?.close())

  const places = async (q: string) => {
    const response = await requestJson<{ items: PlaceItem[] }>(
      t.app,
      `/api/places?q=${encodeURIComponent(q)}`,
    )
    expect(response.status).toBe(200)
    return response.body.items
  }

  it("returns for 'lon' London, England first and London, Ontario next, then by population", async () => {
    const items = await places('lon')
    expect(items).toHaveLength(8)
    expect(items[0]).toMatchObject({
      id: gbId,
      name: 'London',
      region: 'England',
      country: 'GB',
      count: 3,
    })
    expect(items[1]).toMatchObject({ id: ontarioId, name: 'London', country: 'CA', count: 3 })
    const rest = items.slice(2)
    expect(rest.every((item) => item.count === 0)).toBe(true)
    for (const item of items) expect(normalizePlace(item.name).startsWith('lon')).toBe(true)
    const populations = rest.map((item) => placeOfPoint(item)?.population ?? 0)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
    const [west, south, east, north] = items[0]!.bbox
    expect(west).toBeLessThan(londonGb.lng)
    expect(east).toBeGreaterThan(londonGb.lng)
    expect(south).toBeLessThan(londonGb.lat)
    expect(north).toBeGreaterThan(londonGb.lat)
  })

  it("ignores accents and case: 'sao', 'SÃO' and 'São P' find São Paulo", async () => {
    const plain = await places('sao')
    expect(plain.map((item) => item.name)).toContain('São Paulo')
    expect(await places('SÃO')).toEqual(plain)
    expect((await places('São P'))[0]).toMatchObject({ name: 'São Paulo', country: 'BR' })
    expect(await places('LONDON')).toEqual(await places('london'))
  })

  it('counts only listings on the market: a sale closed moves London, Ontario first', async () => {
    await t.context.db.kysely
      .updateTable('listing')
      .set({ status: 'sold' })
      .where('id', '=', gbListings[0]!)
      .execute()
    const items = await places('london')
    expect(items.slice(0, 2).map((item) => [item.id, item.count])).toEqual([
      [ontarioId, 3],
      [gbId, 2],
    ])
    await t.context.db.kysely
      .updateTable('listing')
      .set({ status: 'active' })
      .where('id', '=', gbListings[0]!)
      .execute()
  })

  it('returns one place by its id with its count, and 404 for an unknown id', async () => {
    const one = await requestJson<PlaceItem>(t.app, `/api/places/${gbId}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id: gbId, name: 'London', region: 'England', count: 3 })
    for (const id of ['999999999', '0', 'london', '12345678901']) {
      const missing = await requestJson<{ error: string }>(t.app, `/api/places/${id}`)
      expect(missing.status).toBe(404)
      expect(missing.body.error).toBe('Place not found')
    }
  })

  it('rejects a missing, empty or too long q with a 400 naming q', async () => {
    for (const query of ['', '?q=', `?q=${'x'.repeat(101)}`]) {
      const response = await requestJson<{ error: string; fields: Record<string, string> }>(
        t.app,
        `/api/places${query}`,
      )
      expect(response.status).toBe(400)
      expect(Object.keys(response.body.fields)).toEqual(['q'])
    }
  })

  const { plans, expectNoScan, expectIndex } = requestPlans({
    dialect,
    db: () => t.context.db,
    ownTables: ['place'],
    tables: ['place', 'listing'],
    indexes: { placeKey: { sqlite: /place_key/, postgres: /place_key/ } },
  })

  it('reads the busiest places of a prefix from the place_key index', async () => {
    const explained = await plans(() => t.app.request('/api/places?q=lon'))
    expectNoScan(explained)
    expectIndex(explained, /from place/, 'placeKey')
  })
})
