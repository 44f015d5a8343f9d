// A page on another site (or another port of this host, which SameSite=Lax treats as the same site)
// can make the browser send our session cookie with a write. Every write route refuses it, before
// it reads the body, and our own pages keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createUser,
  insertListing,
  type TestApp,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'

const ownOrigin = 'http://homes.example'

describe('writes from other sites', () => {
  let t: TestApp
  let cookie: string
  let listingId: string

  beforeAll(async () => {
    t = await createTestApp('sqlite', { PUBLIC_URL: ownOrigin })
    const user = await createUser(t.context, { name: 'Owner' })
    cookie = await signIn(t.context, user)
    listingId = (await insertListing(t.context, { userRef: user.id })).id
  })
  afterAll(() => t?.close())

  const write = (method: string, path: string, headers: Record<string, string>) =>
    t.app.request(`${ownOrigin}${path}`, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
      body: method === 'DELETE' ? undefined : JSON.stringify({ name: 'Changed by another site' }),
    })

  const writes: [string, string][] = [
    ['POST', '/api/listings'],
    ['PUT', '/api/listings/:id'],
    ['DELETE', '/api/listings/:id'],
    ['PATCH', '/api/users/me'],
    ['POST', '/api/uploads'],
    ['POST', '/api/saved-searches'],
    ['PATCH', '/api/saved-searches/:id'],
    ['DELETE', '/api/saved-searches/:id'],
    ['POST', '/api/auth/sign-out'],
  ]

  it.each(writes)('%s %s with a foreign Origin is refused with 403', async (method, path) => {
    const response = await write(method, path.replace(':id', listingId), {
      Origin: 'https://attacker.example',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'Requests from other sites are refused' })
  })

  it.each(writes)('%s %s marked cross-site by the browser is refused', async (method, path) => {
    const response = await write(method, path.replace(':id', listingId), {
      'Sec-Fetch-Site': 'cross-site',
    })
    expect(response.status).toBe(403)
  })

  it('refuses an opaque origin (a sandboxed frame says "null")', async () => {
    const response = await write('PATCH', '/api/users/me', { Origin: 'null' })
    expect(response.status).toBe(403)
  })

  it.each(writes)(
    '%s %s is refused when Origin matches only the Host the request names',
    async (method, path) => {
      // Whoever sends the request picks its Host (a DNS rebinding page, a proxy passing Host on):
      // only PUBLIC_URL says which origin is ours.
      const response = await t.app.request(
        `http://attacker.example${path.replace(':id', listingId)}`,
        {
          method,
          headers: {
            Cookie: cookie,
            'Content-Type': 'application/json',
            Origin: 'http://attacker.example',
          },
          body:
            method === 'DELETE' ? undefined : JSON.stringify({ name: 'Changed by another site' }),
        },
      )
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: 'Requests from other sites are refused' })
    },
  )

  it('leaves the data as it was', async () => {
    const listing = await t.context.listings.get(listingId)
    expect(listing?.name).toBe('Test Listing Flat')
    const session = await t.app.request('/api/auth/get-session', { headers: { Cookie: cookie } })
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe('Owner')
  })

  it('lets our own pages write', async () => {
    const response = await write('PATCH', '/api/users/me', {
      Origin: ownOrigin,
      'Sec-Fetch-Site': 'same-origin',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: 'Changed by another site' })
  })

  it('lets reads from anywhere through (they change nothing)', async () => {
    const response = await t.app.request('/api/listings', {
      headers: { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(response.status).toBe(200)
  })
})
