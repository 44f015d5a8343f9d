// No half-made listing: when the geocoder is down or an upload did not
// finish, a create or an edit is rejected whole: no listing row, no change, no upload used up.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../src/shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type TestApp,
  type TestUser,
} from '../support/test-app'
import { signIn } from '../support/sign-in'
import { tusUpload } from '../support/tus'

/** A stand-in for Nominatim that responds as `mode` says: a place, HTTP 500, or a dropped socket. */
function fakeNominatim() {
  const state = { mode: 'ok' as 'ok' | 'error' | 'reset' }
  const server = http.createServer((request, response) => {
    if (state.mode === 'reset') return request.socket.destroy()
    if (state.mode === 'error') return response.writeHead(500).end('Internal Server Error')
    response.setHeader('Content-Type', 'application/json')
    response.end(JSON.stringify([{ lat: '48.8566', lon: '2.3522', display_name: 'Paris, France' }]))
  })
  return {
    state,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

let addressCount = 0

/** A new address each time: the geocoder's cache would return a known one without asking. */
const body = (images: string[], name = 'Flat during an outage') => ({
  type: 'rent',
  name,
  bedrooms: 2,
  bathrooms: 1,
  parking: false,
  furnished: true,
  address: `${(addressCount += 1)} Rue de Rivoli, Paris, France`,
  offer: false,
  regularPrice: 1800,
  images,
})

describe.each(dialects)('no half-made listing on %s', (dialect) => {
  const nominatim = fakeNominatim()
  let t: TestApp
  let owner: TestUser
  let cookie: string
  let png: Buffer

  beforeAll(async () => {
    const url = await nominatim.listen()
    t = await createTestApp(dialect, { GEOCODER: 'nominatim', NOMINATIM_URL: url })
    owner = await createUser(t.context, { name: 'Outage Owner' })
    cookie = await signIn(t.context, owner)
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a53' } })
      .png()
      .toBuffer()
  })
  afterAll(async () => {
    await t?.close()
    await nominatim.close()
  })

  function send(method: string, url: string, payload: unknown) {
    return requestJson<Record<string, unknown>>(t.app, url, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(payload),
    })
  }

  async function finishedUpload() {
    const result = await tusUpload(t.app, cookie, png, 'room.png')
    expect(result.status, result.body).toBe(204)
    return result.id!
  }

  async function listingCount() {
    const row = await t.context.db.kysely
      .selectFrom('listing')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userRef', '=', owner.id)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  const uploadStatus = async (id: string) => (await t.context.uploads.get(id))?.status

  it.each(['error', 'reset'] as const)(
    'responds with 503 to a create while the geocoder is down (%s), stores nothing and keeps the uploads for later',
    async (mode) => {
      const images = [await finishedUpload(), await finishedUpload()]
      const before = await listingCount()
      const { address, ...rest } = body(images)
      nominatim.state.mode = mode
      try {
        const { status, body: errorBody } = await send('POST', '/api/listings', {
          ...rest,
          address,
        })
        expect(status).toBe(503)
        expect(errorBody).toEqual({ error: expect.any(String) })
        expect(await listingCount()).toBe(before)
        for (const id of images) expect(await uploadStatus(id)).toBe('ready')
      } finally {
        nominatim.state.mode = 'ok'
      }
      // Back up: the same uploads make the listing.
      const { status } = await send('POST', '/api/listings', { ...body(images), address })
      expect(status).toBe(201)
      for (const id of images) expect(await uploadStatus(id)).toBe('attached')
    },
  )

  it('responds with 503 to an edit while the geocoder is down and leaves the listing as it was', async () => {
    const stored = await insertListing(t.context, { userRef: owner.id })
    const { body: before } = await requestJson<Listing>(t.app, `/api/listings/${stored.id}`)
    const added = await finishedUpload()
    nominatim.state.mode = 'error'
    try {
      const { status } = await send('PUT', `/api/listings/${stored.id}`, {
        ...body([added]),
        name: 'Renamed while down',
      })
      expect(status).toBe(503)
    } finally {
      nominatim.state.mode = 'ok'
    }
    const { body: after } = await requestJson<Listing>(t.app, `/api/listings/${stored.id}`)
    expect(after).toEqual(before)
    expect(await uploadStatus(added)).toBe('ready')
  })

  it('rejects a create with an unfinished, a rejected or an unknown upload beside a good one, claiming none', async () => {
    const unfinished = await tusUpload(t.app, cookie, png, 'half.png', {
      declaredLength: png.length * 2,
    })
    expect(unfinished.status).toBe(204)
    const rejected = await tusUpload(t.app, cookie, Buffer.from('not an image at all'), 'fake.png')
    expect(rejected.status).toBe(422)
    const before = await listingCount()

    for (const failed of [unfinished.id!, rejected.id!, 'NoSuchUpload0123456789ab']) {
      const good = await finishedUpload()
      const { status, body: errorBody } = await send('POST', '/api/listings', body([good, failed]))
      expect(status).toBe(400)
      expect(errorBody).toMatchObject({ fields: { images: expect.any(String) } })
      expect(await listingCount()).toBe(before)
      // The good upload's claim was rolled back with the rest: it is still free for a listing.
      expect(await uploadStatus(good)).toBe('ready')
    }
    expect(await uploadStatus(unfinished.id!)).toBe('receiving')
    expect(await uploadStatus(rejected.id!)).toBe('rejected')
  })
})
