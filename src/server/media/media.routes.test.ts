// GET /media/* serves the disk store: immutable files with an ETag, and nothing outside the root.
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStore } from './disk-store.js'
import { mediaRoutes } from './media.routes.js'

let dir: string
let app: Hono
const webp = Buffer.from('RIFF....WEBPVP8 not really a picture')

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-routes-'))
  const store = createDiskStore(path.join(dir, 'media'))
  await store.put('images/u1-house-abc/w400.webp', webp, 'image/webp')
  await store.put('images/u1-house-abc/original.jpg', Buffer.from('jpeg'), 'image/jpeg')
  await store.put('images/u1-house-abc/notes.txt', Buffer.from('text'), 'text/plain')
  // Next to the root, where a path that climbs out of it would land.
  await fs.writeFile(path.join(dir, 'secret.webp'), 'secret')
  app = new Hono().route('/media', mediaRoutes(store.root))
})

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

describe('GET /media/*', () => {
  it('serves a stored image with its type, length, an ETag and a year-long immutable cache', async () => {
    const response = await app.request('/media/images/u1-house-abc/w400.webp')

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('content-length')).toBe(String(webp.length))
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(webp)
  })

  it('serves the original JPEG as image/jpeg', async () => {
    const response = await app.request('/media/images/u1-house-abc/original.jpg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
  })

  it('responds 304 without a body when If-None-Match holds the ETag, 200 for another', async () => {
    const url = '/media/images/u1-house-abc/w400.webp'
    const etag = (await app.request(url)).headers.get('etag')!

    const cached = await app.request(url, { headers: { 'If-None-Match': etag } })
    expect(cached.status).toBe(304)
    expect(cached.headers.get('etag')).toBe(etag)
    expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await cached.text()).toBe('')

    const stale = await app.request(url, { headers: { 'If-None-Match': '"0-0"' } })
    expect(stale.status).toBe(200)
  })

  it.each([
    ['a missing file', '/media/images/u1-house-abc/w1200.webp'],
    ['a folder', '/media/images/u1-house-abc'],
    ['a file of a type it does not serve', '/media/images/u1-house-abc/notes.txt'],
    ['an encoded slash climbing out', '/media/..%2fsecret.webp'],
    ['encoded dots and slash climbing out', '/media/%2e%2e%2fsecret.webp'],
    ['a double-encoded climb', '/media/%252e%252e/secret.webp'],
    ['an encoded absolute path', '/media/%2Fsecret.webp'],
  ])('responds 404 { error } for %s', async (_, url) => {
    const response = await app.request(url)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Not found' })
  })

  describe('over HTTP, with the request path sent as written', () => {
    let server: ServerType
    let port: number

    beforeAll(async () => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
      await new Promise((resolve) => server.once('listening', resolve))
      port = (server.address() as AddressInfo).port
    })

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
    })

    /** A GET whose path no client library normalises first. */
    function get(rawPath: string): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
            let body = ''
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => (body += chunk))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
          })
          .on('error', reject)
      })
    }

    it('serves a stored image', async () => {
      const response = await get('/media/images/u1-house-abc/w400.webp')
      expect(response.status).toBe(200)
    })

    it.each([
      '/media/../secret.webp',
      '/media/%2e%2e/secret.webp',
      '/media/%2E%2E/secret.webp',
      '/media/images/u1-house-abc/../../../secret.webp',
      '/media/images/%2e%2e/%2e%2e/secret.webp',
      '/media/..%2fsecret.webp',
      '/media/..%5csecret.webp',
      '/media/%2e%2e%2fsecret.webp',
    ])('never serves a file outside the root for %s', async (rawPath) => {
      const response = await get(rawPath)
      expect(response.status).toBe(404)
      expect(response.body).not.toContain('secret')
    })
  })
})
