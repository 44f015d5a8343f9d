// Fuzzes the viewings API: hostile slot lists for PUT /api/listings/:id/viewing-slots, and odd slot
// and booking ids with other people's or forged sessions.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ViewingSlot, ViewingSlotList } from '../../src/shared/viewing'
import { viewingLimits } from '../../src/shared/viewing'
import { viewingSlotsSchema } from '../../src/server/viewings/viewing-slots-schema'
import { createTestApp, dialects, insertListing, type TestApp } from '../support/test-app'
import {
  ask,
  expectNoPrototypePollution,
  expectErrorResponse,
  successBody,
} from '../support/fuzz/responses'
import { acceptedBody } from '../support/fuzz/accepted-body'
import { abbreviate, fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  contentType,
  forgedSessionCookie,
  hostileBody,
  hostileSegment,
} from '../support/fuzz/hostile-values'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'

const minute = 60_000
const day = 24 * 60 * minute
/** The server's clock: fixed, so that what the schema accepts is what the server accepts. */
const now = Date.parse('2027-02-01T08:00:00Z')

/** A start near the limits: past, just ahead, far ahead, in other offsets, or not a date. */
const start = fc.oneof(
  fc
    .integer({ min: -2 * day, max: 92 * day })
    .map((offset) => new Date(now + offset - (offset % (15 * minute))).toISOString()),
  fc.constantFrom(
    new Date(now).toISOString(),
    new Date(now + 90 * day).toISOString(),
    new Date(now + 90 * day + 1).toISOString(),
    '2027-02-02T10:00:00+01:00',
    '2027-02-02T10:00:00.5-05:30',
    '2027-02-30T10:00:00Z',
    '2027-02-02 10:00',
    '2027-02-02',
    'tomorrow',
    '',
  ),
)
const slot = fc.record({
  start,
  minutes: fc.oneof(
    fc.constantFrom(14, 15, 30, 240, 241, 0, -15, 30.5, 1e308),
    fc.integer({ min: 15, max: 240 }),
  ),
  capacity: fc.oneof(fc.constantFrom(0, 1, 50, 51, -1, 2.5), fc.integer({ min: 1, max: 50 })),
})
const plausible = {
  slots: fc.oneof(
    fc.array(slot, { maxLength: 6 }),
    // A day's back-to-back half hours: many, none overlapping.
    fc.integer({ min: 95, max: 105 }).map((count) =>
      Array.from({ length: count }, (_, k) => ({
        start: new Date(now + day + k * 30 * minute).toISOString(),
        minutes: 30,
        capacity: 1,
      })),
    ),
  ),
}
const validBody = {
  slots: [{ start: new Date(now + day).toISOString(), minutes: 30, capacity: 1 }],
}

/** Whether two of the slots overlap, in time order. */
function overlaps(slots: { start: number; minutes: number }[]): boolean {
  const sorted = [...slots].sort((a, b) => a.start - b.start)
  return sorted.some(
    (slot, k) => k > 0 && sorted[k - 1]!.start + sorted[k - 1]!.minutes * minute > slot.start,
  )
}

describe.each(dialects)('hostile requests to the viewings API on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let visitor: SignedInUser
  let listingId: string
  let bookedSlot: ViewingSlot

  const put = (text: string, type: string, cookie: string) =>
    ask(t.app, `/api/listings/${listingId}/viewing-slots`, {
      method: 'PUT',
      headers: { 'Content-Type': type, Origin: origin, Cookie: cookie },
      body: text,
    })
  const storedSlots = async () =>
    successBody<ViewingSlotList>(
      await ask(t.app, `/api/listings/${listingId}/viewing-slots`, {
        headers: { Cookie: owner.cookie },
      }),
    ).items

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: () => now })
    owner = await signUpAndIn(t.context, { name: 'Olga Owner' })
    visitor = await signUpAndIn(t.context, { name: 'Vito Visitor' })
    listingId = (await insertListing(t.context, { userRef: owner.id })).id
    // One booked slot, which every replacement must keep.
    const first = await put(
      JSON.stringify({
        slots: [{ start: new Date(now + 2 * day).toISOString(), minutes: 60, capacity: 2 }],
      }),
      'application/json',
      owner.cookie,
    )
    bookedSlot = successBody<ViewingSlotList>(first).items[0]!
    const booked = await ask(t.app, `/api/viewing-slots/${bookedSlot.id}/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: visitor.cookie },
      body: '{}',
    })
    expect(booked.status).toBe(201)
  })
  afterAll(() => t?.close())

  it(
    'stores a slot list only when every slot is valid and none overlaps, keeping the booked one',
    async () => {
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(hostileBody(validBody, plausible), contentType, async (text, type) => {
          const before = await storedSlots()
          const response = await put(text, type, owner.cookie)
          const input = acceptedBody(viewingSlotsSchema(now), text, type)
          const stored = response.status === 200
          tally.count(stored)
          const after = await storedSlots()
          // The booked slot stays whatever was sent.
          expect(after.map((each) => each.id)).toContain(bookedSlot.id)
          if (stored) {
            expect(input, abbreviate(text)).toBeDefined()
            const items = successBody<ViewingSlotList>(response).items
            expect(items).toEqual(after)
            const wanted = input!.slots.map((each) => ({
              ...each,
              start: new Date(each.start).toISOString(),
            }))
            for (const each of after) {
              if (each.id === bookedSlot.id) continue
              expect(wanted).toContainEqual({
                start: each.start,
                minutes: each.minutes,
                capacity: each.capacity,
              })
            }
            expect(
              overlaps(after.map((each) => ({ ...each, start: Date.parse(each.start) }))),
            ).toBe(false)
            expect(after.length).toBeLessThanOrEqual(viewingLimits.maxSlots)
          } else {
            const body = expectErrorResponse(response)
            expect(after, `rejected ${abbreviate(text)}: ${response.text}`).toEqual(before)
            if (input) {
              // Valid slot by slot: rejected only for an overlap (booked slot included) or too many.
              expect(response.status, response.text).toBe(400)
              expect(Object.keys(body.fields ?? {})).toEqual(['slots'])
              const all = [
                ...input.slots,
                { start: Date.parse(bookedSlot.start), minutes: bookedSlot.minutes },
              ]
              const tooMany = input.slots.length + 1 > viewingLimits.maxSlots
              expect(overlaps(all) || tooMany, response.text).toBe(true)
            }
          }
          expectNoPrototypePollution()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds 404 to a signed-in stranger and 401 without a valid session, whatever the id',
    async () => {
      const oneSegment = (prefix: string) => (segment: string) =>
        new URL(`${prefix}${segment}`, origin).pathname.split('/').length ===
        prefix.split('/').length
      const request = fc.constantFrom(
        ['POST', '/api/viewing-slots/', '/bookings'],
        ['DELETE', '/api/bookings/', ''],
      )
      const cookie = fc.oneof(
        fc.constant(visitor.cookie),
        forgedSessionCookie(visitor.cookie),
        fc.constant(''),
      )
      await fc.assert(
        fc.asyncProperty(
          request,
          hostileSegment,
          cookie,
          async ([method, prefix, rest], segment, from) => {
            fc.pre(oneSegment(prefix!)(segment))
            // The visitor's own booking is not among the generated ids; a stranger's slot neither.
            fc.pre(segment !== bookedSlot.id && segment !== '')
            const response = await ask(t.app, `${prefix}${segment}${rest}`, {
              method,
              headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: from },
              body: method === 'POST' ? '{}' : undefined,
            })
            expectErrorResponse(response)
            const signedIn = from === visitor.cookie
            expect(response.status, response.text).toBe(signedIn ? 404 : 401)
          },
        ),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
