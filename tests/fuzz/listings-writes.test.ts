// Fuzzes POST, PUT, DELETE /api/listings and PATCH its status: hostile bodies, others' listings,
// odd ids, no session.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  listingInputSchema,
  listingStatusInputSchema,
  type ListingInput,
} from '../../src/shared/listing-schema'
import { closedStatusOf, listingStatuses, type Listing } from '../../src/shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  type TestApp,
  type TestUser,
} from '../support/test-app'
import {
  ask,
  expectNoPrototypePollution,
  expectErrorResponse,
  successBody,
  type TextResponse,
} from '../support/fuzz/responses'
import {
  abbreviate,
  fuzzParameters,
  fuzzTimeout,
  origin,
  outcomes,
  validListingBody,
} from '../support/fuzz/fuzz-run'
import { signIn } from '../support/sign-in'
import {
  contentType,
  forgedSessionCookie,
  hostileBody,
  hostileSegment,
  hostileString,
} from '../support/fuzz/hostile-values'
import { expectStoredListingsValid, expectStoredUploadsValid } from '../support/fuzz/stored-rows'
import { acceptedBody } from '../support/fuzz/accepted-body'
import { finishedUpload } from '../support/tus'

/** Stand-ins in generated bodies for images that only exist at run time (see `fill`). */
const markers = {
  fresh: 'FRESH-UPLOAD',
  kept: 'KEPT-IMAGE',
  othersUpload: 'OTHERS-UPLOAD',
  othersImage: 'OTHERS-IMAGE',
  taken: 'TAKEN-UPLOAD',
} as const

/** What the API returns for `input`: the saved listing shows the fields as sent, trimmed. */
function expectSaved(listing: Listing, input: ListingInput, ownerId: string) {
  expect(listing).toMatchObject({
    type: input.type,
    name: input.name,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    parking: input.parking,
    furnished: input.furnished,
    location: input.address,
    offer: input.offer,
    regularPrice: input.regularPrice,
    userRef: ownerId,
  })
  expect(listing.discountedPrice).toBe(input.offer ? input.discountedPrice : undefined)
  expect(listing.imageUrls).toHaveLength(input.images.length)
}

describe.each(dialects)('hostile writes to /api/listings on %s', (dialect) => {
  let t: TestApp
  let owner: TestUser
  let ownerCookie: string
  let otherCookie: string
  let own: Listing
  let others: Listing
  /** Another user's finished upload, which no listing of ours may take. */
  let othersUpload: string
  /** Our upload that is already in our listing: no other listing may take it. */
  let taken: string
  /** Our finished upload that the next valid body uses; replaced once a listing takes it. */
  let fresh: string

  /** The body with the markers replaced by the images they stand for now. */
  async function fill(template: string) {
    const kept = (await t.context.listings.get(own.id))!.imageUrls[0]!
    const text = template
      .replaceAll(markers.fresh, fresh)
      .replaceAll(markers.kept, kept)
      .replaceAll(markers.othersUpload, othersUpload)
      .replaceAll(markers.othersImage, others.imageUrls[0]!)
      .replaceAll(markers.taken, taken)
    return { text, kept }
  }

  const send = (method: string, url: string, body: string, type: string, cookie = ownerCookie) =>
    ask(t.app, url, {
      method,
      headers: { 'Content-Type': type, Origin: origin, Cookie: cookie },
      body,
    })

  // Without `changedAt`, the sitemap's lastmod (migration 015), which moves with every change.
  const storedRow = async (id: string) => {
    const row = await t.context.db.kysely
      .selectFrom('listing')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (row) delete (row as typeof row & { changedAt?: unknown }).changedAt
    return row
  }
  const uploadStatus = (id: string) =>
    t.context.db.kysely
      .selectFrom('upload')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => row?.status)

  async function createListing(cookie: string, upload: string) {
    const response = await send(
      'POST',
      '/api/listings',
      JSON.stringify(validListingBody([upload])),
      'application/json',
      cookie,
    )
    expect(response.status, response.text).toBe(201)
    return successBody<Listing>(response)
  }

  /** Whether the API must take the input: only our fresh upload or kept images, at a real address. */
  async function mustSucceed(input: ListingInput, allowedImages: string[]) {
    return (
      input.images.every((image) => allowedImages.includes(image)) &&
      (await t.context.geocoder.geocode(input.address)) !== null
    )
  }

  async function afterEachCase() {
    await expectStoredListingsValid(t.context.db)
    await expectStoredUploadsValid(t.context.db)
    expectNoPrototypePollution()
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await createUser(t.context, { name: 'Owner Person' })
    const other = await createUser(t.context, { name: 'Other Person' })
    ownerCookie = await signIn(t.context, owner)
    otherCookie = await signIn(t.context, other)
    taken = await finishedUpload(t.app, ownerCookie)
    own = await createListing(ownerCookie, taken)
    others = await createListing(otherCookie, await finishedUpload(t.app, otherCookie))
    othersUpload = await finishedUpload(t.app, otherCookie)
    fresh = await finishedUpload(t.app, ownerCookie)
  })
  afterAll(() => t?.close())

  const plausible = (images: string[]) => ({
    type: fc.constantFrom('rent', 'sale'),
    name: fc.oneof(
      fc.constantFrom('Sunny flat by the river', '   Padded flat name   '),
      fc.string({ unit: 'grapheme', minLength: 10, maxLength: 32 }),
    ),
    bedrooms: fc.integer({ min: 1, max: 50 }),
    bathrooms: fc.integer({ min: 1, max: 50 }),
    parking: fc.boolean(),
    offer: fc.boolean(),
    address: fc.constantFrom(
      '12 Rue de Rivoli, Paris, France',
      '221B Baker Street, London',
      'Tokyo',
      'Nowhere At All, Atlantis',
    ),
    regularPrice: fc.integer({ min: 50, max: 750_000_000 }),
    discountedPrice: fc.integer({ min: 50, max: 750_000_000 }),
    images: fc.uniqueArray(fc.constantFrom(...images), { minLength: 1, maxLength: 7 }),
    userRef: fc.constant('someone-else'),
    location: hostileString,
    latitude: fc.double(),
    id: fc.constant('chosen-id'),
  })

  it(
    'creates a listing only from a valid body with our own upload, and stores nothing otherwise',
    async () => {
      const body = hostileBody(validListingBody([markers.fresh]), plausible(Object.values(markers)))
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(body, contentType, async (template, type) => {
          const { text } = await fill(template)
          const countBefore = await t.context.listings.count()
          const response = await send('POST', '/api/listings', text, type)
          const input = acceptedBody(listingInputSchema, text, type)
          tally.count(response.status === 201)
          if (response.status === 201) {
            expect(input, abbreviate(text)).toBeDefined()
            expectSaved(successBody<Listing>(response), input!, owner.id)
            fresh = await finishedUpload(t.app, ownerCookie)
            await afterEachCase()
            const removed = await send(
              'DELETE',
              `/api/listings/${successBody<Listing>(response).id}`,
              '',
              'application/json',
            )
            expect(removed.status, removed.text).toBe(204)
          } else {
            expectErrorResponse(response)
            if (input)
              expect(await mustSucceed(input, [fresh]), `rejected ${abbreviate(text)}`).toBe(false)
            expect(await t.context.listings.count()).toBe(countBefore)
            expect(await uploadStatus(fresh)).toBe('ready')
          }
          expect(await uploadStatus(othersUpload)).toBe('ready')
          await afterEachCase()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'edits our listing only with a valid body, and leaves it as it was otherwise',
    async () => {
      const body = hostileBody(
        validListingBody([markers.kept]),
        plausible([...Object.values(markers), 'not-an-upload']),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(body, contentType, async (template, type) => {
          const { text, kept } = await fill(template)
          const before = await storedRow(own.id)
          const response = await send('PUT', `/api/listings/${own.id}`, text, type)
          const input = acceptedBody(listingInputSchema, text, type)
          tally.count(response.status === 200)
          if (response.status === 200) {
            expect(input, abbreviate(text)).toBeDefined()
            expectSaved(successBody<Listing>(response), input!, owner.id)
            if (input!.images.includes(fresh)) fresh = await finishedUpload(t.app, ownerCookie)
          } else {
            expectErrorResponse(response)
            if (input)
              expect(await mustSucceed(input, [fresh, kept]), `rejected ${abbreviate(text)}`).toBe(
                false,
              )
            expect(await storedRow(own.id)).toEqual(before)
          }
          await afterEachCase()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    "responds with 403 to any edit or delete of another user's listing, and 404 to ids that are no listing",
    async () => {
      const target = fc.oneof(
        { arbitrary: fc.constant(others.id), weight: 2 },
        { arbitrary: hostileSegment, weight: 1 },
      )
      const body = fc.oneof(
        fc.constant(JSON.stringify(validListingBody([markers.fresh]))),
        hostileBody(validListingBody([markers.fresh])),
      )
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('PUT', 'DELETE'),
          target,
          body,
          async (method, id, template) => {
            const before = await storedRow(others.id)
            const { text } = await fill(template)
            const response = await send(method, `/api/listings/${id}`, text, 'application/json')
            const errorBody = expectErrorResponse(response)
            if (response.status === 413) {
              expect(Buffer.byteLength(text)).toBeGreaterThan(64 * 1024)
            } else if (id === others.id) {
              expect(response.status).toBe(403)
              expect(errorBody.error).toBe('You cannot edit this listing')
            } else if (id !== own.id) {
              expect(response.status, id).toBe(404)
            }
            expect(await storedRow(others.id)).toEqual(before)
            await afterEachCase()
          },
        ),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )

  it(
    'responds with 401 to writes without a valid session, whatever the cookie says',
    async () => {
      const cookie = forgedSessionCookie(ownerCookie)
      const request = fc.constantFrom(
        ['POST', '/api/listings'],
        ['PUT', `/api/listings/OWN`],
        ['DELETE', `/api/listings/OWN`],
        ['PATCH', `/api/listings/OWN/status`],
      )
      await fc.assert(
        fc.asyncProperty(request, cookie, async ([method, path], forged) => {
          fc.pre(forged !== ownerCookie)
          const before = await storedRow(own.id)
          const response: TextResponse = await send(
            method!,
            path!.replace('OWN', own.id),
            JSON.stringify(validListingBody([fresh])),
            'application/json',
            forged,
          )
          expect(response.status, response.text).toBe(401)
          expectErrorResponse(response)
          expect(await storedRow(own.id)).toEqual(before)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )

  it(
    'changes the status of our listing only to one its type allows, and of no other listing',
    async () => {
      const body = hostileBody(
        { status: 'active' },
        {
          status: fc.constantFrom(...listingStatuses, 'Sold', ' rented', 'closed', ''),
          type: fc.constantFrom('rent', 'sale'),
          userRef: fc.constant('someone-else'),
        },
      )
      const target = fc.oneof(
        { arbitrary: fc.constant(own.id), weight: 4 },
        { arbitrary: fc.constant(others.id), weight: 1 },
        { arbitrary: hostileSegment, weight: 1 },
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(body, contentType, target, async (text, type, id) => {
          const before = await storedRow(own.id)
          const othersBefore = await storedRow(others.id)
          const response = await send('PATCH', `/api/listings/${id}/status`, text, type)
          const status = acceptedBody(listingStatusInputSchema, text, type)?.status
          const fits = status === 'active' || status === closedStatusOf[before!.type]
          tally.count(response.status === 200)
          if (response.status === 200) {
            expect(id).toBe(own.id)
            expect(fits, abbreviate(text)).toBe(true)
            expect(successBody<Listing>(response)).toMatchObject({ id: own.id, status })
            // Put on the market, it is confirmed as still available (stale-listings/).
            const confirmed = status === 'active' ? { confirmedAt: expect.anything() } : {}
            expect(await storedRow(own.id)).toEqual({ ...before, status, ...confirmed })
          } else {
            const errorBody = expectErrorResponse(response)
            if (id === own.id) {
              expect(fits && response.status !== 413, `rejected ${abbreviate(text)}`).toBe(false)
              if (status !== undefined) {
                expect(response.status).toBe(400)
                expect(Object.keys(errorBody.fields ?? {})).toEqual(['status'])
              }
            } else if (id === others.id && response.status !== 413) {
              expect(response.status).toBe(403)
            }
            expect(await storedRow(own.id)).toEqual(before)
          }
          expect(await storedRow(others.id)).toEqual(othersBefore)
          await afterEachCase()
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
      // Back on the market, as the other cases expect it.
      await t.context.listings.setStatus(own.id, 'active')
    },
    fuzzTimeout(),
  )
})
