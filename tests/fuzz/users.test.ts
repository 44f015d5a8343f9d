// Fuzzes GET /api/users/:id and PATCH /api/users/me: hostile ids, hostile profile bodies, others' rows.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OwnProfile, UserProfile } from '../../src/shared/profile'
import { profileSchema } from '../../src/shared/profile'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
  type TestUser,
} from '../support/test-app'
import {
  ask,
  expectNoPrototypePollution,
  expectErrorResponse,
  successBody,
} from '../support/fuzz/responses'
import { abbreviate, fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import { signIn } from '../support/sign-in'
import {
  contentType,
  hostileBody,
  hostileSegment,
  hostileString,
} from '../support/fuzz/hostile-values'
import { expectStoredUsersValid } from '../support/fuzz/stored-rows'

/** The profile the API must save from this body, or undefined when it must reject it. */
function acceptableProfile(text: string, type: string) {
  // Hono's JSON validator reads any JSON media type (application/*+json too) and ignores the rest.
  if (!/^application\/([\w.-]+\+)?json$/i.test(type.split(';')[0]!.trim())) return undefined
  if (Buffer.byteLength(text) > 64 * 1024) return undefined
  try {
    const parsed = profileSchema.safeParse(JSON.parse(text.replace(/^\ufeff/, '')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

describe.each(dialects)('hostile requests to /api/users on %s', (dialect) => {
  let t: TestApp
  let me: TestUser
  let cookie: string
  let other: TestUser

  const userRow = (id: string) =>
    t.context.db.kysely
      .selectFrom('user')
      .select(['id', 'name', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(dialect)
    me = await createUser(t.context, { name: 'Pat Doe' })
    other = await createUser(t.context, { name: 'Other Person' })
    // A landlord: their e-mail is shown; mine (no listing) is not.
    await insertListing(t.context, { userRef: other.id })
    cookie = await signIn(t.context, me)
  })
  afterAll(() => t?.close())

  it(
    'saves our name only from a valid body, leaves every row as it was otherwise',
    async () => {
      const body = hostileBody(
        { name: 'Pat Doe' },
        {
          name: fc.oneof(
            hostileString,
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 64 }),
          ),
          email: fc.constant(other.email),
          id: fc.constant(other.id),
        },
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(body, contentType, async (text, type) => {
          const before = await userRow(me.id)
          const othersBefore = await userRow(other.id)
          const response = await ask(t.app, '/api/users/me', {
            method: 'PATCH',
            headers: { 'Content-Type': type, Origin: origin, Cookie: cookie },
            body: text,
          })
          const profile = acceptableProfile(text, type)
          tally.count(profile !== undefined)
          if (profile) {
            expect(successBody<OwnProfile>(response)).toEqual({
              ...before,
              name: profile.name ?? before.name,
              showEmail: expect.any(Boolean),
              statsMail: expect.any(Boolean),
            })
          } else {
            expectErrorResponse(response)
            expect(await userRow(me.id), abbreviate(text)).toEqual(before)
          }
          expect(await userRow(other.id)).toEqual(othersBefore)
          await expectStoredUsersValid(t.context.db)
          expectNoPrototypePollution()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds to any id with the public user, or a JSON 4xx',
    async () => {
      let sent = 0
      const nextAddress = () => `10.9.${Math.floor(sent / 250) % 250}.${sent++ % 250}`
      const id = fc.oneof(hostileSegment, fc.constantFrom(me.id, other.id, 'me'))
      await fc.assert(
        fc.asyncProperty(
          id,
          fc.constantFrom('GET', 'PATCH', 'PUT', 'DELETE'),
          async (segment, method) => {
            // Each from an address of its own: the lookups per address are limited (30 a
            // minute), which this property is not about.
            const response = await ask(
              t.app,
              `/api/users/${segment}`,
              {
                method,
                headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
                ...(method !== 'GET' && { body: JSON.stringify({ name: 'Taken Over' }) }),
              },
              nextAddress(),
            )
            const known = [me, other].find((user) => user.id === segment)
            if (method === 'GET' && known) {
              const row = await userRow(known.id)
              expect(successBody<UserProfile>(response)).toEqual(
                known === other ? row : { id: row.id, name: row.name },
              )
            } else if (!(segment === 'me' && (method === 'PATCH' || method === 'GET'))) {
              expectErrorResponse(response)
            }
            expect((await userRow(other.id)).name).toBe('Other Person')
          },
        ),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
