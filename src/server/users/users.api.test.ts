// GET /api/users/:id against a real database, on every dialect we support.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'

interface ErrorAnswer {
  error: string
  fields?: Record<string, string>
}

describe.each(dialects)('users API on %s', (dialect) => {
  let t: TestApp
  let landlord: TestUser
  let other: TestUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    landlord = await createUser(t.context, {
      name: 'Chloé Dubois',
      email: 'chloe.dubois@example.com',
      password: 'a long enough password',
    })
    other = await createUser(t.context, { name: 'Daniel Okafor' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers exactly { id, name, email } of the landlord', async () => {
    const { status, contentType, body } = await requestJson(t.app, `/api/users/${landlord.id}`)
    expect(status).toBe(200)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toStrictEqual({
      id: landlord.id,
      name: 'Chloé Dubois',
      email: 'chloe.dubois@example.com',
    })
  })

  it('answers each user with their own details', async () => {
    const { body } = await requestJson(t.app, `/api/users/${other.id}`)
    expect(body).toStrictEqual({ id: other.id, name: other.name, email: other.email })
  })

  it('answers 404 JSON for an unknown user', async () => {
    const { status, contentType, body } = await requestJson<ErrorAnswer>(
      t.app,
      '/api/users/NoSuchUser0000000000',
    )
    expect(status).toBe(404)
    expect(contentType).toMatch(/^application\/json/)
    expect(body).toEqual({ error: expect.any(String) })
  })

  it.each(['not.an.id', 'a%20b', '%27%20or%201%3D1', 'x'.repeat(65)])(
    'answers 400 for the id %s',
    async (id) => {
      const { status, body } = await requestJson<ErrorAnswer>(t.app, `/api/users/${id}`)
      expect(status).toBe(400)
      expect(body.error).toEqual(expect.any(String))
      expect(body.fields).toHaveProperty('id')
    },
  )

  it('answers a JSON 404 for a deeper path under /api/users', async () => {
    const { status, body } = await requestJson<ErrorAnswer>(t.app, '/api/users/a/b')
    expect(status).toBe(404)
    expect(body).toEqual({ error: expect.any(String) })
  })
})
