// A saved search keeps the facts' filters and a description word, and its alerts honour them: a
// new listing that meets them is matched, one that misses any of them is not; on every dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import type { SavedSearch } from '../../shared/saved-search'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  sendJson,
  type TestApp,
} from '../../../tests/support/test-app'

const query = {
  q: 'balcony',
  homeType: 'studio,apartment',
  minArea: '30',
  maxArea: '80',
  availableBy: '2026-12-31',
  petsAllowed: 'true',
  type: 'rent',
}

/** A listing that meets every filter of `query`; each test changes one fact. */
const matching = {
  type: 'rent' as const,
  name: 'Bright flat near the park',
  location: '12 Rue de Rivoli, Paris, France',
  description: 'A wide balcony over the courtyard.',
  homeType: 'apartment' as const,
  floorArea: 55,
  availableFrom: '2026-12-15',
  petsAllowed: true,
}

describe.each(dialects)('alerts of the facts filters on %s', (dialect) => {
  let t: TestApp
  let buyer: SignedInUser
  let ownerId: string
  let searchId: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    buyer = await signUpAndIn(t.context)
    ownerId = (await createUser(t.context)).id
    const saved = await sendJson(
      t.app,
      'POST',
      '/api/saved-searches',
      { name: 'Pets and a balcony', query, alerts: 'instant' },
      buyer.cookie,
    )
    expect(saved.status).toBe(201)
    searchId = (saved.body as unknown as SavedSearch).id
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps every parameter, the home types in their order', async () => {
    const { body } = await requestJson<{ items: SavedSearch[] }>(t.app, '/api/saved-searches', {
      headers: { cookie: buyer.cookie },
    })
    expect(body.items.map((item) => item.query)).toEqual([
      { ...query, homeType: 'apartment,studio' },
    ])
  })

  it.each([
    ['meets every filter', {}, true],
    ['has no date', { availableFrom: null }, true],
    ['is available later', { availableFrom: '2027-01-01' }, false],
    ['is a house', { homeType: 'house' as const }, false],
    ['has no home type', { homeType: null }, false],
    ['is too small', { floorArea: 29 }, false],
    ['has no floor area', { floorArea: null }, false],
    ['allows no pets', { petsAllowed: false }, false],
    ['does not say', { petsAllowed: null }, false],
    ['has no balcony', { description: 'A wide terrace.' }, false],
    ['names its balcony', { name: 'Flat with a balcony', description: '' }, true],
  ])('matches a new listing that %s: %s', async (_, change, matches) => {
    const row = await insertListing(t.context, { userRef: ownerId, ...matching, ...change })
    const listing = await t.context.listings.get(row.id)
    const withFacts: Listing = {
      ...listing!,
      ...Object.fromEntries(
        Object.entries({ ...matching, ...change }).filter(([, v]) => v !== null),
      ),
    }
    for (const name of ['homeType', 'floorArea', 'availableFrom', 'petsAllowed'] as const) {
      if ((change as Record<string, unknown>)[name] === null) delete withFacts[name]
    }
    await t.context.listingAlerts.matchListing(withFacts, Date.now())
    const recorded = await t.context.db.kysely
      .selectFrom('saved_search_match')
      .select('savedSearchId')
      .where('listingId', '=', row.id)
      .execute()
    expect(recorded).toEqual(matches ? [{ savedSearchId: searchId }] : [])
  })
})
