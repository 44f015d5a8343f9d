// The bugs the hostile-input fuzz suite found, each kept as a plain example (docs/reliability.md).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Listing } from '../../src/shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  type TestApp,
  type TestUser,
} from '../support/test-app'
import { ask, expectErrorResponse, successBody } from '../support/fuzz/responses'
import { origin, validListingBody } from '../support/fuzz/fuzz-run'
import { signIn } from '../support/sign-in'
import { tusMetadata, finishedUpload } from '../support/tus'

describe.each(dialects)('hostile input that once broke the API, on %s', (dialect) => {
  let t: TestApp
  let user: TestUser
  let cookie: string

  const send = (method: string, path: string, body: unknown, address = '10.1.0.1') =>
    ask(
      t.app,
      path,
      {
        method,
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
        body: JSON.stringify(body),
      },
      address,
    )

  const storedUser = (email: string) =>
    t.context.db.kysely
      .selectFrom('user')
      .select(['name', 'image'])
      .where('email', '=', email)
      .executeTakeFirst()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    user = await createUser(t.context, { name: 'Pat Doe' })
    cookie = await signIn(t.context, user)
  })
  afterAll(() => t?.close())

  it('rejects a NUL, a control character or half a surrogate pair in a listing with 400, storing nothing', async () => {
    const upload = await finishedUpload(t.app, cookie)
    const cases = [
      [{ name: 'Sunny flat\u0000 by the river' }, 'name'],
      [{ name: 'Sunny flat \ud800 the river' }, 'name'],
      [{ address: '12 Rue de Rivoli\u0007, Paris, France' }, 'address'],
      [{ images: ['\u0000'] }, 'images.0'],
    ] as const
    for (const [change, field] of cases) {
      const response = await send('POST', '/api/listings', {
        ...validListingBody([upload]),
        ...change,
      })
      expect(response.status, response.text).toBe(400)
      expect(expectErrorResponse(response).fields?.[field]).toMatch(
        /control characters|Not an image/,
      )
    }
    expect(await t.context.listings.count()).toBe(0)
    // Line breaks are fine in an address: it is written in a textarea.
    const created = await send('POST', '/api/listings', {
      ...validListingBody([upload]),
      address: '12 Rue de Rivoli\nParis, France',
    })
    expect(created.status, created.text).toBe(201)
    expect(successBody<Listing>(created).location).toBe('12 Rue de Rivoli\nParis, France')
  })

  it('rejects a NUL or half a surrogate pair in the profile name with 400, keeping the name', async () => {
    for (const name of ['Pat\u0000Doe', 'Pat \udc00']) {
      const response = await send('PATCH', '/api/users/me', { name })
      expect(response.status, response.text).toBe(400)
      expect(expectErrorResponse(response).fields?.name).toBe('Remove the control characters')
    }
    expect((await storedUser(user.email))?.name).toBe('Pat Doe')
  })

  it("returns tus' own plain-text errors as JSON", async () => {
    const withoutVersion = await ask(t.app, '/api/uploads', {
      method: 'POST',
      headers: { 'Upload-Length': '10', Cookie: cookie },
    })
    expect(withoutVersion.status).toBe(412)
    expect(expectErrorResponse(withoutVersion).error).toBe('Tus-Resumable Required')
    const created = await ask(t.app, '/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': tusMetadata({ filename: 'photo.png' }),
        Cookie: cookie,
      },
    })
    const id = created.headers.get('location')!.split('/').pop()!
    const badType = await ask(t.app, `/api/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': '',
        Cookie: cookie,
      },
      body: new Uint8Array(10),
    })
    expect(badType.status).toBeGreaterThanOrEqual(400)
    expectErrorResponse(badType)
  })

  it('rejects bytes sent with an upload creation, leaving no upload behind', async () => {
    const uploads = () =>
      t.context.db.kysely.selectFrom('upload').select('id').where('userId', '=', user.id).execute()
    const before = await uploads()
    // One byte declared, two sent: tus responded with 413 but kept the upload, unfinished.
    const response = await ask(t.app, '/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '1',
        'Upload-Metadata': tusMetadata({ filename: 'photo.png' }),
        'Content-Type': 'application/offset+octet-stream',
        Cookie: cookie,
      },
      body: new Uint8Array(2),
    })
    expect(response.status, response.text).toBe(400)
    expectErrorResponse(response)
    expect(await uploads()).toEqual(before)
  })

  it('keeps a sign-up name plain and whole, and no image a client sends', async () => {
    const cases = [
      ['Pat\nDoe\u001b', 'Pat Doe'],
      [`${'a'.repeat(63)}😀`, 'a'.repeat(63)],
    ]
    for (const [index, [name, kept]] of cases.entries()) {
      const email = `plain-${index}@example.com`
      const response = await send(
        'POST',
        '/api/auth/sign-up/email',
        { name, email, password: 'a-good-password', image: 'javascript:alert(1)' },
        `10.2.0.${index}`,
      )
      expect(response.status, response.text).toBe(200)
      expect(await storedUser(email)).toEqual({ name: kept, image: null })
    }
  })

  it('rejects a NUL anywhere in a request to Better Auth with 400', async () => {
    const requests = [
      ['/api/auth/reset-password', { newPassword: 'a-new-password', token: '\u0000' }],
      ['/api/auth/reset-password?token=%00', { newPassword: 'a-new-password' }],
      [
        '/api/auth/sign-up/email',
        { name: 'Pat', email: 'nul@example.com', password: 'pass\u0000word' },
      ],
      [
        '/api/auth/sign-up/email',
        { name: 'Pat', email: 'nul@example.com', image: { '\u0000': 1 } },
      ],
    ] as const
    for (const [path, body] of requests) {
      const response = await send('POST', path, body, '10.3.0.1')
      expect(response.status, response.text).toBe(400)
      expect(expectErrorResponse(response).error).toBe('The request holds a NUL character')
    }
    expect(await storedUser('nul@example.com')).toBeUndefined()
  })

  it('rejects a callback URL beyond ASCII with 400 (Better Auth put it in a header: 500)', async () => {
    for (const callbackURL of ['/%𑧐', '/café']) {
      const response = await send(
        'POST',
        '/api/auth/sign-in/email',
        { email: user.email, password: user.password, callbackURL },
        '10.4.0.1',
      )
      expect(response.status, response.text).toBe(400)
      expect(expectErrorResponse(response).error).toBe(
        'Callback URLs must be ASCII, the rest percent-encoded',
      )
    }
    const encoded = await send(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password, callbackURL: '/caf%C3%A9' },
      '10.4.0.2',
    )
    expect(encoded.status, encoded.text).toBe(200)
  })

  it('sends the reset link back only to our own pages, and warns, quoted, of any other', async () => {
    const warn = vi.spyOn(console, 'warn')
    for (const callbackURL of ['//evil.example', 'http://evil.example/\n2026 ERROR forged']) {
      const response = await ask(
        t.app,
        `/api/auth/reset-password/token?callbackURL=${encodeURIComponent(callbackURL)}`,
      )
      expect(response.status).toBe(403)
      expectErrorResponse(response, ['code', 'message'])
    }
    const logged = warn.mock.calls.map((args) => String(args[0]))
    expect(logged.some((line) => line.includes('"Invalid callbackURL: //evil.example"'))).toBe(true)
    expect(logged.join('\n')).not.toContain('\n2026 ERROR forged')
  })

  it('responds with 404 to a HEAD or PATCH of an upload named with a broken escape or a NUL, not 500', async () => {
    for (const id of ['%ZZ', 'a%00b'])
      for (const method of ['HEAD', 'PATCH']) {
        const response = await t.app.request(`/api/uploads/${id}`, {
          method,
          headers: {
            'Tus-Resumable': '1.0.0',
            Origin: origin,
            Cookie: cookie,
            'Upload-Offset': '0',
          },
        })
        expect(response.status, `${method} ${id}`).toBe(404)
      }
  })
})
