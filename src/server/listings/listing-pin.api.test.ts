// The owner's pin in the create and edit body: stored when near the address, refused when not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kmBetween, pinTooFarMessage } from '../../shared/geolocation'
import type { Geolocation, Listing } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  sendJson,
  type TestApp,
  validListingBody,
} from '../../../tests/support/test-app'
import { finishedUpload } from '../../../tests/support/tus'
import { signIn } from '../../../tests/support/sign-in'

// '12 Rue de Rivoli, Paris, France' geocodes to the centre of Paris; these are around it.
const nearParis: Geolocation = { lat: 48.8559, lng: 2.3615 }
const elsewhereInParis: Geolocation = { lat: 48.8606, lng: 2.3376 }
const lyon: Geolocation = { lat: 45.764, lng: 4.8357 }

describe.each(dialects)("the owner's pin on %s", (dialect) => {
  let t: TestApp
  let cookie: string

  const body = async (extra: Record<string, unknown> = {}) => ({
    ...validListingBody([await finishedUpload(t.app, cookie)]),
    ...extra,
  })
  const stored = async (id: string) =>
    ((await requestJson(t.app, `/api/listings/${id}`)).body as unknown as Listing).geolocation

  async function create(extra: Record<string, unknown> = {}) {
    const response = await sendJson(t.app, 'POST', '/api/listings', await body(extra), cookie)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body as unknown as Listing
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    cookie = await signIn(t.context, await createUser(t.context, { name: 'Pin Owner' }))
  })
  afterAll(() => t.close())

  it('stores a pin within 25 km of the address on create', async () => {
    const listing = await create({ geolocation: nearParis })
    expect(listing.geolocation).toEqual(nearParis)
    expect(await stored(listing.id)).toEqual(nearParis)
  })

  it('stores the point the address geocodes to without a pin, as before', async () => {
    const listing = await create()
    expect(kmBetween(listing.geolocation, nearParis)).toBeLessThan(2)
    expect(listing.geolocation).not.toEqual(nearParis)
  })

  it('refuses a pin more than 25 km from the address with a 400 naming geolocation', async () => {
    const response = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      await body({ geolocation: lyon }),
      cookie,
    )
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      error: 'Invalid listing',
      fields: { geolocation: pinTooFarMessage },
    })
  })

  it.each([
    ['text', 'here'],
    ['a point off the globe', { lat: 91, lng: 2 }],
    ['a point missing its longitude', { lat: 48.85 }],
    ['numbers as strings', { lat: '48.85', lng: '2.35' }],
  ])('refuses %s as the pin with a 400 naming geolocation', async (_, geolocation) => {
    const response = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      await body({ geolocation }),
      cookie,
    )
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ fields: { geolocation: expect.any(String) } })
  })

  it('keeps the pin on an edit that sends it back, moves it on one that sends another', async () => {
    const listing = await create({ geolocation: nearParis })
    const edit = async (extra: Record<string, unknown>) => {
      const response = await sendJson(
        t.app,
        'PUT',
        `/api/listings/${listing.id}`,
        { ...validListingBody(listing.imageUrls), ...extra },
        cookie,
      )
      return response
    }

    const kept = await edit({ name: 'Sunny flat, renamed', geolocation: listing.geolocation })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    expect(await stored(listing.id)).toEqual(nearParis)

    const moved = await edit({ geolocation: elsewhereInParis })
    expect(moved.status).toBe(200)
    expect(await stored(listing.id)).toEqual(elsewhereInParis)

    const refused = await edit({ geolocation: lyon })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ fields: { geolocation: pinTooFarMessage } })
    expect(await stored(listing.id)).toEqual(elsewhereInParis)

    // A new address without a pin goes to where that address geocodes to.
    const relocated = await edit({ address: '5 Rue de la République, Lyon, France' })
    expect(relocated.status).toBe(200)
    expect(kmBetween(await stored(listing.id), lyon)).toBeLessThan(3)
  })
})
