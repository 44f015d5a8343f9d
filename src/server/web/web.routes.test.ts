// The built client's files: hashed assets cached for a year and sent precompressed (Brotli, else
// gzip, else plain), other files for an hour. Runs on a client folder made here.
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { createApp, type App } from '../app'

const script = 'export const value = 42\n'.repeat(50)

describe('built files', () => {
  let t: TestApp
  let app: App

  beforeAll(async () => {
    t = await createTestApp('sqlite')
    const clientDir = path.join(t.dataDir, 'client')
    await fs.mkdir(path.join(clientDir, 'assets'), { recursive: true })
    await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>')
    const asset = path.join(clientDir, 'assets', 'index-abc123.js')
    await fs.writeFile(asset, script)
    await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(script))
    await fs.writeFile(`${asset}.gz`, zlib.gzipSync(script))
    await fs.writeFile(
      path.join(clientDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    )
    app = createApp(t.context, { clientDir })
  })
  afterAll(() => t?.close())

  const get = (url: string, acceptEncoding?: string) =>
    app.request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })

  it('sends a hashed asset with a year-long immutable cache, in Brotli when accepted', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const body = Buffer.from(await response.arrayBuffer())
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script)
  })

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script)

    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('caches a file without a hash in its name for an hour only', async () => {
    const response = await get('/favicon.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})
