// Cached listing responses given before Hono (decision 010), through a real HTTP server: the same
// status, headers and bytes as Hono's response, never a stale one with another server writing, and
// everything that is not a current cached response left to Hono.
import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../shared/listing'
import { appRequestListener, openAppContext, type AppContext } from '../app'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { createResponseCache, serveCachedResponses } from './response-cache'

interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  /** The body, decompressed. */
  text: string
}

/** Resolves with the server's URL once it listens. */
function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    })
  })
}

/** A raw request (fetch would hide the encoding and normalise the target). */
function send(
  base: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${target}`, options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = response.headers['content-encoding']
        const body =
          encoding === 'br'
            ? zlib.brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? zlib.gunzipSync(raw)
              : raw
        resolve({ status: response.statusCode!, headers: response.headers, text: body.toString() })
      })
    })
    request.on('error', reject)
    request.end()
  })
}

/** The headers that differ between any two responses, whoever gives them. */
const withoutPerResponse = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers

describe.each(dialects)('cached listing responses before Hono on %s', (dialect) => {
  let a: TestApp
  /** A second server on the same database, which writes. */
  let b: AppContext
  let owner: TestUser
  let server: http.Server
  let base: string
  /** Requests that reached Hono. */
  let throughHono = 0

  beforeAll(async () => {
    a = await createTestApp(dialect)
    b = await openAppContext(a.context.config)
    owner = await createUser(a.context)
    const counted = {
      fetch: (request: Request, env: unknown) => {
        throughHono += 1
        return a.app.fetch(request, env as never)
      },
    }
    server = http.createServer(appRequestListener(a.context, counted))
    base = await listen(server)
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    await b?.db.close()
    await a?.close()
  })

  /** Asks twice: Hono's response is cached, then the cached one comes before Hono. */
  async function twice(target: string, headers: Record<string, string> = {}) {
    const before = throughHono
    const fromHono = await send(base, target, { headers })
    const cached = await send(base, target, { headers })
    return { fromHono, cached, throughHono: throughHono - before }
  }

  it.each([
    ['br', 'gzip, deflate, br', 10],
    ['gzip', 'gzip, deflate', 11],
    [undefined, 'identity', 12],
    [undefined, 'br;q=0, gzip;q=0', 13],
  ])(
    'gives the response Hono gave, byte for byte and header for header (%s for %s)',
    async (encoding, acceptEncoding, limit) => {
      // Ten listings: a page well over the size below which nothing is compressed.
      for (let n = 0; n < 10; n += 1) {
        await insertListing(b, { userRef: owner.id, name: `Cached Response Flat ${n}` })
      }
      // A query of its own per case (a page of another size), so none finds another's response.
      const target = `/api/listings?type=rent&limit=${limit}`
      const { fromHono, cached, throughHono } = await twice(target, {
        'Accept-Encoding': acceptEncoding,
      })
      expect(throughHono).toBe(1)
      expect(fromHono.status).toBe(200)
      expect(fromHono.headers['content-encoding']).toBe(encoding)
      expect(cached.status).toBe(200)
      expect(withoutPerResponse(cached.headers)).toEqual(withoutPerResponse(fromHono.headers))
      expect(cached.text).toBe(fromHono.text)
      expect((JSON.parse(cached.text) as ListingPage).items).toHaveLength(limit)
    },
  )

  it('gives a cached single listing, and the change the other server made at the next request', async () => {
    const row = await insertListing(b, { userRef: owner.id, name: 'Before The Edit' })
    const target = `/api/listings/${row.id}`
    const first = await twice(target)
    expect(first.throughHono).toBe(1)
    expect((JSON.parse(first.cached.text) as Listing).name).toBe('Before The Edit')

    await b.listings.update(row.id, { ...row, name: 'After The Edit' })
    const second = await twice(target)
    // The version moved: Hono reads the listing again, then its new response is cached.
    expect(second.throughHono).toBe(1)
    expect((JSON.parse(second.fromHono.text) as Listing).name).toBe('After The Edit')
    expect(second.cached.text).toBe(second.fromHono.text)

    await b.listings.delete(row.id)
    const gone = await send(base, target)
    expect(gone.status).toBe(404)
  })

  it('keeps no response to a query with a parameter the API ignores, or one given twice', async () => {
    await insertListing(b, { userRef: owner.id, name: 'Busted Cache Flat' })
    const cache = a.context.responseCache
    const before = cache.size().responses
    for (const target of [
      '/api/listings?type=rent&_=1700000000000',
      '/api/listings?type=rent&type=rent',
      `/api/listings?userRef=${owner.id}&n=1`,
    ]) {
      const { fromHono, cached, throughHono } = await twice(target)
      expect(throughHono).toBe(2)
      expect(cached.text).toBe(fromHono.text)
    }
    expect(cache.size().responses).toBe(before)
    // Without the extra parameter, the same page is cached.
    expect((await twice(`/api/listings?userRef=${owner.id}`)).throughHono).toBe(1)
    expect(cache.size().responses).toBe(before + 1)
  })

  it('leaves to Hono a HEAD, another path, and a query it has not cached', async () => {
    await insertListing(b, { userRef: owner.id, name: 'Asked Many Ways' })
    const target = '/api/listings?type=rent&limit=3'
    await send(base, target)
    const before = throughHono
    expect((await send(base, target, { method: 'HEAD' })).status).toBe(200)
    expect((await send(base, '/api/listings?limit=3&type=rent')).status).toBe(200)
    expect((await send(base, '/healthz')).status).toBe(200)
    expect(throughHono - before).toBe(3)
  })
})

describe('cached listing responses when the version cannot be read', () => {
  it('go to Hono, which responds as it does without them', async () => {
    let databaseAway = false
    const cache = createResponseCache({
      currentVersion: async () => {
        if (databaseAway) throw new Error('connection refused')
        return 'v1'
      },
    })
    await cache.get('/api/listings?type=rent', async () => ({
      value: { items: [] },
      version: 'v1',
    }))
    // Stands in for Hono here: what matters is only whether the request reached it.
    const server = http.createServer(
      serveCachedResponses({ cache, headers: [] }, (_request, response) => {
        response.writeHead(503).end('from Hono')
      }),
    )
    const base = await listen(server)
    try {
      expect((await send(base, '/api/listings?type=rent')).text).toBe('{"items":[]}')
      databaseAway = true
      const response = await send(base, '/api/listings?type=rent')
      expect([response.status, response.text]).toEqual([503, 'from Hono'])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
