// jsonResponse: the encoding the client asked for, a body that decodes to the same JSON, headers set.
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, jsonResponse, jsonBody, sendJsonBody } from './json-response'

const page = {
  items: Array.from({ length: 10 }, (_, n) => ({ id: `listing-${n}`, name: 'x'.repeat(200) })),
}
const app = new Hono()
  .get('/page', (c) => jsonResponse(c, page))
  .get('/small', (c) => jsonResponse(c, { ok: true }, 201))

async function get(path: string, acceptEncoding?: string) {
  const response = await app.request(path, {
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('Content-Encoding')
  const text =
    encoding === 'br'
      ? zlib.brotliDecompressSync(bytes).toString()
      : encoding === 'gzip'
        ? zlib.gunzipSync(bytes).toString()
        : bytes.toString()
  return { response, encoding, bytes, json: JSON.parse(text) as unknown }
}

describe('jsonResponse', () => {
  it('responds with brotli to a browser that accepts it, decoding to the same JSON', async () => {
    const { response, encoding, bytes, json } = await get('/page', 'gzip, deflate, br, zstd')
    expect(encoding).toBe('br')
    expect(json).toEqual(page)
    expect(bytes.length).toBeLessThan(JSON.stringify(page).length / 2)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
  })

  it('responds with gzip when brotli is not accepted, and plain JSON when nothing is', async () => {
    expect((await get('/page', 'gzip, deflate')).encoding).toBe('gzip')
    expect((await get('/page', 'br;q=0, gzip')).encoding).toBe('gzip')
    const plain = await get('/page')
    expect(plain.encoding).toBeNull()
    expect(plain.json).toEqual(page)
  })

  it('leaves a response under 1 KB uncompressed, with its status', async () => {
    const { response, encoding, json } = await get('/small', 'br')
    expect(response.status).toBe(201)
    expect(encoding).toBeNull()
    expect(json).toEqual({ ok: true })
  })

  it("keeps each compressed form in memory of its own size, not in zlib's 16 KB output chunk", async () => {
    // The response cache keeps bodies by the thousand and counts their bytes: a few hundred bytes of
    // gzip must not hold zlib's whole output chunk.
    const body = jsonBody(page)
    const kept = new Hono().get('/kept', (c) => sendJsonBody(c, body))
    for (const encoding of ['br', 'gzip'] as const) {
      await kept.request('/kept', { headers: { 'Accept-Encoding': encoding } })
      const bytes = body.encoded[encoding]!
      expect(bytes.buffer.byteLength, encoding).toBe(bytes.byteLength)
    }
  })

  it('reads Accept-Encoding with its q-values', () => {
    expect(chooseEncoding(undefined)).toBeUndefined()
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('GZIP;q=0.5, BR;q=0')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0')).toBeUndefined()
  })
})
