// Fuzzes GET /api/geocode?address= with the offline gazetteer: hostile addresses and query strings.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, dialects, type TestApp } from '../support/test-app'
import { ask, expectErrorResponse, successBody } from '../support/fuzz/responses'
import { fuzzParameters, fuzzTimeout, outcomes } from '../support/fuzz/fuzz-run'
import { signIn } from '../support/sign-in'
import { hostileQuery, hostileString } from '../support/fuzz/hostile-values'

interface Place {
  lat: number
  lng: number
  formattedAddress: string
}

describe.each(dialects)('hostile addresses to /api/geocode on %s', (dialect) => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    cookie = await signIn(t.context, await createUser(t.context))
  })
  afterAll(() => t?.close())

  it(
    'returns a place on the globe, 422 for an unknown address, or 400 for a missing one',
    async () => {
      const plausible = fc.oneof(
        fc.constantFrom('12 Rue de Rivoli, Paris, France', 'Tokyo', 'Paris, Texas', 'Springfield'),
        hostileString.map((text) => `${text}, London`),
        fc.integer({ min: 490, max: 5000 }).map((length) => `${'a '.repeat(length)}Paris`),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileQuery(['address'], plausible), async (query) => {
          const response = await ask(t.app, `/api/geocode?${query}`, {
            headers: { Cookie: cookie },
          })
          const addresses = new URLSearchParams(query).getAll('address')
          tally.count(response.status === 200)
          if (response.status === 200) {
            expect(addresses).toHaveLength(1)
            const place = successBody<Place>(response)
            expect(Math.abs(place.lat)).toBeLessThanOrEqual(90)
            expect(Math.abs(place.lng)).toBeLessThanOrEqual(180)
            expect(place.formattedAddress).toEqual(expect.any(String))
          } else {
            const errorBody = expectErrorResponse(response)
            const missing = addresses.length !== 1 || addresses[0]!.trim() === ''
            expect(response.status).toBe(missing ? 400 : 422)
            if (!missing) expect(errorBody.error).toBe('Please enter a correct address')
          }
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds with 401 without a session, whatever the address',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileQuery(['address'], hostileString), async (query) => {
          const response = await ask(t.app, `/api/geocode?${query}`)
          expect(response.status).toBe(401)
          expectErrorResponse(response)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
