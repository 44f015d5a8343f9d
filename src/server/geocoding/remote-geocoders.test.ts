// Google and Nominatim against a real HTTP server on 127.0.0.1 that replies as those services do.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { GeocoderUnavailableError, createGeocoder, maxAddressLength } from './geocoder'
import { createGoogleGeocoder } from './google-geocoder'
import { createNominatimGeocoder } from './nominatim-geocoder'

interface Seen {
  path: string
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
}

type Reply = { status: number; body: unknown } | 'hang' | 'not json'

/** A local service: each request is recorded and replied to by `replyTo` (set per test). */
function startService() {
  const seen: Seen[] = []
  let replyTo: (request: Seen) => Reply = () => ({ status: 404, body: {} })
  const hung: http.ServerResponse[] = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const entry = { path: url.pathname, query: url.searchParams, headers: request.headers }
    seen.push(entry)
    const reply = replyTo(entry)
    if (reply === 'hang') {
      hung.push(response) // never replies; the client's time limit must end it
      return
    }
    if (reply === 'not json') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>')
      return
    }
    response
      .writeHead(reply.status, { 'Content-Type': 'application/json; charset=UTF-8' })
      .end(JSON.stringify(reply.body))
  })
  return {
    seen,
    replyWith: (next: (request: Seen) => Reply) => {
      replyTo = next
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
    reset() {
      seen.length = 0
      for (const response of hung.splice(0)) response.socket?.destroy()
    },
  }
}

const googleParis = {
  results: [
    {
      formatted_address: '12 Rue de Rivoli, 75004 Paris, France',
      geometry: {
        location: { lat: 48.8557, lng: 2.3589 },
        location_type: 'ROOFTOP',
      },
      place_id: 'ChIJ-test',
      types: ['street_address'],
    },
  ],
  status: 'OK',
}

describe('Google geocoder', () => {
  const service = startService()
  const apiKey = 'AIza-test-key-0123456789'
  let url: string

  beforeAll(async () => {
    url = `${await service.start()}/maps/api/geocode/json`
  })
  afterEach(() => service.reset())
  afterAll(() => service.stop())

  const google = (timeoutMs?: number) => createGoogleGeocoder({ url, apiKey, timeoutMs })

  it('sends the address and the key as query parameters, and reads the first result', async () => {
    service.replyWith(() => ({ status: 200, body: googleParis }))
    expect(await google().geocode('12 Rue de Rivoli, Paris')).toEqual({
      lat: 48.8557,
      lng: 2.3589,
      formattedAddress: '12 Rue de Rivoli, 75004 Paris, France',
    })
    expect(service.seen).toHaveLength(1)
    expect(service.seen[0]!.path).toBe('/maps/api/geocode/json')
    expect(service.seen[0]!.query.get('address')).toBe('12 Rue de Rivoli, Paris')
    expect(service.seen[0]!.query.get('key')).toBe(apiKey)
  })

  it('returns null for ZERO_RESULTS', async () => {
    service.replyWith(() => ({ status: 200, body: { results: [], status: 'ZERO_RESULTS' } }))
    expect(await google().geocode('Qwxz Zzyzzx')).toBeNull()
  })

  it.each([
    [{ results: [], status: 'OVER_QUERY_LIMIT', error_message: 'You have exceeded your quota.' }],
    [{ results: [], status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }],
    [{ results: [], status: 'UNKNOWN_ERROR' }],
    [{ results: [{ geometry: {} }], status: 'OK' }],
    [{ unexpected: true }],
  ])('is unavailable, not "not found", when Google replies %j', async (body) => {
    service.replyWith(() => ({ status: 200, body }))
    await expect(google().geocode('Paris')).rejects.toThrow(GeocoderUnavailableError)
  })

  it('is unavailable on HTTP 500, on a page that is not JSON, and when nobody listens', async () => {
    service.replyWith(() => ({ status: 500, body: { error: 'boom' } }))
    await expect(google().geocode('Paris')).rejects.toThrow(/HTTP 500/)
    service.replyWith(() => 'not json')
    await expect(google().geocode('Paris')).rejects.toThrow(/not JSON/)

    const closed = startService()
    const closedUrl = await closed.start()
    await closed.stop()
    const nobody = createGoogleGeocoder({ url: closedUrl, apiKey })
    await expect(nobody.geocode('Paris')).rejects.toThrow(GeocoderUnavailableError)
  })

  it('gives up when Google does not reply within the time limit', async () => {
    service.replyWith(() => 'hang')
    await expect(google(200).geocode('Paris')).rejects.toThrow(/did not respond within 200 ms/)
    expect(service.seen).toHaveLength(1)
  })

  it('never puts the key in an error message', async () => {
    const failures: unknown[] = []
    for (const replyTo of [
      () => ({
        status: 200,
        body: { status: 'REQUEST_DENIED', error_message: `Key ${apiKey} bad` },
      }),
      () => ({ status: 403, body: {} }),
      () => 'hang' as const,
    ]) {
      service.replyWith(replyTo)
      failures.push(
        await google(200)
          .geocode('Paris')
          .catch((error: unknown) => error),
      )
    }
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(GeocoderUnavailableError)
      expect(String((failure as Error).message)).not.toContain(apiKey)
      expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).not.toContain(apiKey)
    }
  })

  it('through createGeocoder: cached, so the second request never reaches Google', async () => {
    service.replyWith(() => ({ status: 200, body: googleParis }))
    const geocoder = createGeocoder(
      loadConfig({ GOOGLE_MAPS_API_KEY: apiKey, GOOGLE_GEOCODING_URL: url }),
    )
    const first = await geocoder.geocode('12 Rue de Rivoli, Paris')
    const second = await geocoder.geocode('12 rue de rivoli,  Paris ')
    expect(second).toEqual(first)
    expect(service.seen).toHaveLength(1)
  })

  it('through createGeocoder: an empty or overlong address is null without a request', async () => {
    service.replyWith(() => ({ status: 200, body: googleParis }))
    const geocoder = createGeocoder(
      loadConfig({ GOOGLE_MAPS_API_KEY: apiKey, GOOGLE_GEOCODING_URL: url }),
    )
    expect(await geocoder.geocode('')).toBeNull()
    expect(await geocoder.geocode(' \n ')).toBeNull()
    expect(await geocoder.geocode('x'.repeat(maxAddressLength + 1))).toBeNull()
    expect(service.seen).toHaveLength(0)
    expect(await geocoder.geocode('x'.repeat(maxAddressLength))).not.toBeNull()
    expect(service.seen).toHaveLength(1)
  })
})

describe('Nominatim geocoder', () => {
  const service = startService()
  const userAgent = 'House Marketplace (http://localhost:3000)'
  let url: string

  beforeAll(async () => {
    url = await service.start()
  })
  afterEach(() => service.reset())
  afterAll(() => service.stop())

  const nominatim = (timeoutMs?: number) => createNominatimGeocoder({ url, userAgent, timeoutMs })

  const parisPlace = {
    place_id: 88066702,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    lat: '48.8559128',
    lon: '2.3590017',
    category: 'highway',
    type: 'residential',
    display_name: 'Rue de Rivoli, Paris 4e Arrondissement, Paris, Île-de-France, 75004, France',
  }

  it('asks /search for one jsonv2 result, as the application, and reads lat and lon', async () => {
    service.replyWith(() => ({ status: 200, body: [parisPlace] }))
    expect(await nominatim().geocode('12 Rue de Rivoli, Paris')).toEqual({
      lat: 48.8559128,
      lng: 2.3590017,
      formattedAddress: parisPlace.display_name,
    })
    const [request] = service.seen
    expect(request!.path).toBe('/search')
    expect(Object.fromEntries(request!.query)).toEqual({
      format: 'jsonv2',
      limit: '1',
      q: '12 Rue de Rivoli, Paris',
    })
    expect(request!.headers['user-agent']).toBe(userAgent)
  })

  it('returns null for an empty list', async () => {
    service.replyWith(() => ({ status: 200, body: [] }))
    expect(await nominatim().geocode('Qwxz Zzyzzx')).toBeNull()
  })

  it.each([
    ['HTTP 429', { status: 429, body: { error: 'Too many requests' } }],
    ['HTTP 500', { status: 500, body: {} }],
    ['an error object', { status: 200, body: { error: { code: 400, message: 'Bad' } } }],
    ['a latitude that is not a number', { status: 200, body: [{ ...parisPlace, lat: 'north' }] }],
  ] as const)('is unavailable on %s', async (_, reply) => {
    service.replyWith(() => reply)
    await expect(nominatim().geocode('Paris')).rejects.toThrow(GeocoderUnavailableError)
  })

  it('gives up when Nominatim does not reply within the time limit', async () => {
    service.replyWith(() => 'hang')
    await expect(nominatim(200).geocode('Paris')).rejects.toThrow(/did not respond within 200 ms/)
  })

  it('through createGeocoder: cached, with a User-Agent naming the public URL', async () => {
    service.replyWith(() => ({ status: 200, body: [parisPlace] }))
    const geocoder = createGeocoder(
      loadConfig({
        GEOCODER: 'nominatim',
        NOMINATIM_URL: `${url}/`,
        PUBLIC_URL: 'https://homes.example',
      }),
    )
    await geocoder.geocode('Rue de Rivoli, Paris')
    await geocoder.geocode('Rue de Rivoli, Paris')
    expect(service.seen).toHaveLength(1)
    expect(service.seen[0]!.path).toBe('/search')
    expect(service.seen[0]!.headers['user-agent']).toBe('House Marketplace (https://homes.example)')
  })
})
