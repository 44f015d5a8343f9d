// `q` finds the words of a listing's description as it finds its name's and location's: in the
// list (each way a page is read), on the map and in the count, after an edit, and never once the
// listing is off the market; on every dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingCount } from '../../shared/listing-count'
import { listingsPath } from '../../shared/listing-query'
import type { MapResponse } from '../../shared/listing-requests'
import { readAllPages } from '../../../tests/support/list-pages'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
} from '../../../tests/support/test-app'

const listings = {
  loft: {
    name: 'Bright loft near the park',
    location: '12 Rue de Rivoli, Paris, France',
    description: 'A wide balcony over the courtyard.\nParquet floors; a Kachelofen in the hall.',
  },
  cottage: {
    name: 'Cosy Cottage by the sea',
    location: 'Lane 3, Bath, United Kingdom',
    description: 'Jardín with an old fig tree. Balconies on both floors.',
  },
  plain: { name: 'Quiet flat', location: 'Calle 5, San José, Costa Rica', description: '' },
}

describe.each(dialects)('search by description words on %s', (dialect) => {
  let t: TestApp
  const idOf = new Map<string, string>()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const owner = await createUser(t.context)
    for (const [key, fields] of Object.entries(listings)) {
      idOf.set(key, (await insertListing(t.context, { userRef: owner.id, ...fields })).id)
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  /** The keys `q` finds in pages of 1 and of 50, on the world's map and in the count: all alike. */
  async function found(q: string) {
    const keysOf = (got: string[]) =>
      [...idOf].filter(([, id]) => got.includes(id)).map(([key]) => key)
    const results = []
    for (const limit of [1, 50]) {
      const pages = await readAllPages(
        t.app,
        listingsPath({ filter: { q }, sort: 'newest', limit }),
      )
      results.push(keysOf(pages.flatMap((page) => page.items.map((item) => item.id))))
    }
    const query = new URLSearchParams({ q }).toString()
    const map = await requestJson<MapResponse>(
      t.app,
      `/api/listings/map?${query}&bbox=-180,-90,180,90&zoom=2`,
    )
    results.push(keysOf(map.body.items.map((item) => item.id)))
    const count = await requestJson<ListingCount>(t.app, `/api/listings/count?${query}`)
    expect(results[1], `pages of 1 and 50 for '${q}'`).toEqual(results[0])
    expect(results[2], `map and pages for '${q}'`).toEqual(results[0])
    expect(count.body.total, `count for '${q}'`).toBe(results[0]!.length)
    return results[0]
  }

  it.each([
    ['balcony', ['loft']],
    ['balcon', ['loft', 'cottage']],
    ['PARQUET', ['loft']],
    ['kachelofen', ['loft']],
    ['jardin', ['cottage']],
    ['Jardín fig', ['cottage']],
    ['fig', ['cottage']],
    ['floors', ['loft', 'cottage']],
    ['floors rivoli', ['loft']],
    ['balconies bath', ['cottage']],
    ['balconies paris', []],
    ['ardin', []],
    ['zebra', []],
  ])("finds '%s' in descriptions, names and locations", async (q, keys) => {
    expect(await found(q)).toEqual(keys)
  })

  it('finds the words of the description as edited, and none once off the market', async () => {
    const owner = await createUser(t.context)
    const row = await insertListing(t.context, {
      userRef: owner.id,
      name: 'Sunny studio',
      location: 'Straße des 17. Juni 4, Berlin',
      description: 'Morning light and a wisteria.',
    })
    idOf.set('studio', row.id)
    expect(await found('wisteria')).toEqual(['studio'])
    await t.context.listings.update(row.id, { ...row, description: 'Evening light only.' })
    expect(await found('wisteria')).toEqual([])
    expect(await found('evening')).toEqual(['studio'])
    await t.context.listings.setStatus(row.id, 'rented')
    expect(await found('evening')).toEqual([])
  })
})
