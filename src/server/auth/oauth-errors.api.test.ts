// Where a failed Google sign-in lands: our own popup page, which tells the opener and closes.
// Better Auth's own error page (its HTML, its words) is not reachable.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, dialects, requestJson, type TestApp } from '../../../tests/support/test-app'

/** An OpenID provider's discovery document, which is all Better Auth reads of it at start. */
function startDiscoveryServer(): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    response.setHeader('Content-Type', 'application/json')
    response.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
      }),
    )
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    )
  })
}

describe.each(dialects)('a failed Google sign-in on %s', (dialect) => {
  let t: TestApp
  let provider: Awaited<ReturnType<typeof startDiscoveryServer>>

  beforeAll(async () => {
    provider = await startDiscoveryServer()
    t = await createTestApp(dialect, {
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_ISSUER: provider.issuer,
    })
  })
  afterAll(async () => {
    await t?.close()
    await provider?.close()
  })

  it("does not show Better Auth's own error page, whatever its query says", async () => {
    const { status, contentType, body } = await requestJson(
      t.app,
      '/api/auth/error?error=state_mismatch&error_description=%3Ch1%3ECall%20us%3C%2Fh1%3E',
    )
    expect(status).toBe(404)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toEqual({ error: 'Not found' })
  })

  it('sends a callback that fails before it knows where to go to our popup page', async () => {
    // A forged or stale callback: Better Auth logs that it found no such state.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await t.app.request('/api/auth/callback/google?state=forged&code=anything')
    expect(response.status).toBe(302)
    const target = new URL(response.headers.get('location')!, 'http://localhost:3000')
    expect(target.origin).toBe('http://localhost:3000')
    expect(target.pathname).toBe('/oauth-popup')
    expect(target.searchParams.has('error')).toBe(true)
  })
})
