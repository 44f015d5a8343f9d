// GET /api/geocode in-process, with a real Better Auth session from the test app.
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createTestApp,
  createUser,
  requestJson,
  type TestApp,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'
import { geocodeRoutes } from './geocode.routes'
import { GeocoderUnavailableError, type GeocodeResult, type Geocoder } from './geocoder'

interface ErrorResponse {
  error: string
  fields?: Record<string, string>
}

const paris: GeocodeResult = { lat: 48.85341, lng: 2.3488, formattedAddress: 'Paris, France' }

/** A provider that knows Paris, fails for 'outage', and records what it was asked. */
function fakeGeocoder() {
  const asked: string[] = []
  const geocoder: Geocoder = {
    async geocode(address) {
      asked.push(address)
      if (address === 'outage') {
        throw new GeocoderUnavailableError('Google geocoding returned OVER_QUERY_LIMIT')
      }
      return address.includes('Paris') ? paris : null
    },
  }
  return { geocoder, asked }
}

describe('GET /api/geocode', () => {
  let t: TestApp
  let cookie: string
  const { geocoder, asked } = fakeGeocoder()
  let app: Hono

  beforeAll(async () => {
    t = await createTestApp()
    const user = await createUser(t.context)
    cookie = await signIn(t.context, user)
    app = new Hono().route('/api/geocode', geocodeRoutes(geocoder, t.context.auth))
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = <T>(query: string, signedIn = true) =>
    requestJson<T>(app, `/api/geocode${query}`, signedIn ? { headers: { Cookie: cookie } } : {})

  it('responds with { lat, lng, formattedAddress } for an address the provider resolves', async () => {
    const address = encodeURIComponent('12 Rue de Rivoli, Paris, France')
    const { status, contentType, body } = await get(`?address=${address}`)
    expect(status).toBe(200)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toStrictEqual(paris)
    expect(asked.at(-1)).toBe('12 Rue de Rivoli, Paris, France')
  })

  it("responds 422 'Please enter a correct address' when it cannot be resolved", async () => {
    const { status, body } = await get<ErrorResponse>('?address=Qwxz%20Zzyzzx')
    expect(status).toBe(422)
    expect(body).toStrictEqual({ error: 'Please enter a correct address' })
  })

  it('responds 401 JSON before anything else when nobody is signed in', async () => {
    const before = asked.length
    for (const query of ['?address=Paris', '']) {
      const { status, body } = await get<ErrorResponse>(query, false)
      expect(status).toBe(401)
      expect(body).toStrictEqual({ error: expect.any(String) })
    }
    const forged = await requestJson(app, '/api/geocode?address=Paris', {
      headers: { Cookie: 'better-auth.session_token=forged.value' },
    })
    expect(forged.status).toBe(401)
    expect(asked.length).toBe(before)
  })

  it.each(['', '?address=', '?address=%20%20', '?place=Paris'])(
    'responds 400 with the address field for %j',
    async (query) => {
      const before = asked.length
      const { status, body } = await get<ErrorResponse>(query)
      expect(status).toBe(400)
      expect(body.error).toEqual(expect.any(String))
      expect(body.fields).toHaveProperty('address')
      expect(asked.length).toBe(before)
    },
  )

  it('responds 503 when the provider is unavailable, and says so in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { status, body } = await get<ErrorResponse>('?address=outage')
    expect(status).toBe(503)
    expect(body).toStrictEqual({ error: 'The address service is unavailable, try again later' })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('OVER_QUERY_LIMIT'))
  })

  it('resolves through the application with the default offline geocoder', async () => {
    const address = encodeURIComponent('12 Rue de Rivoli, Paris, France')
    const { status, body } = await requestJson<GeocodeResult>(
      t.app,
      `/api/geocode?address=${address}`,
      { headers: { Cookie: cookie } },
    )
    expect(status).toBe(200)
    expect(body.lat).toBeCloseTo(48.85, 1)
    expect(body.lng).toBeCloseTo(2.35, 1)
    expect(body.formattedAddress).toBe('Paris, Île-de-France, France')
  })
})
