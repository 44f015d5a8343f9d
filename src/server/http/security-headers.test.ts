import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { originOf } from './security-headers'

describe('originOf', () => {
  it('turns tile URL templates into CSP sources', () => {
    expect(originOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    )
    expect(originOf('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.com',
    )
    expect(originOf('/media/x')).toBeUndefined()
  })
})

describe('security headers', () => {
  let t: TestApp
  let https: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png',
    })
    https = await createTestApp('sqlite', { PUBLIC_URL: 'https://homes.example.com' })
  })
  afterAll(async () => {
    await t?.close()
    await https?.close()
  })

  it.each(['/', '/api/listings', '/api/nope', '/healthz', '/media/nothing.webp'])(
    'come with every response, %s included',
    async (path) => {
      const response = await t.app.request(path)
      const csp = response.headers.get('content-security-policy')!
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.net/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('strict-transport-security')).toBeNull()
    },
  )

  it('add HSTS, and Better Auth secure cookies, when PUBLIC_URL is https', async () => {
    const response = await https.app.request('/api/listings')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000')
    const signUp = await https.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://homes.example.com' },
      body: JSON.stringify({
        name: 'Secure Cookie',
        email: 'secure@example.com',
        password: 'secure-cookie-1',
      }),
    })
    expect(signUp.status).toBe(200)
    const session = signUp.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('__Secure-better-auth.session_token='))
    expect(session).toMatch(/;\s*Secure(;|$)/i)
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i)
    expect(session).toMatch(/;\s*SameSite=Lax(;|$)/i)
  })
})
