// A listing written through the API is tied to its place; a saved search of a place keeps its
// place, and its alerts mail only the new listings tied to that place, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAlertTestApp, type AlertTestApp } from '../../../tests/support/alert-test-app'
import type { ListingInput } from '../../shared/listing-schema'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import type { SignedInUser } from '../../../tests/support/sign-in'
import type { SmtpCatcher } from '../../../tests/support/smtp-catcher'
import { dialects, requestJson, sendJson, type TestApp } from '../../../tests/support/test-app'
import { placeOfPoint } from './place-ties'

describe.each(dialects)('alerts of a saved place search on %s', (dialect) => {
  let app: AlertTestApp | undefined
  let t: TestApp
  let smtp: SmtpCatcher
  let owner: SignedInUser
  let buyer: SignedInUser

  beforeAll(async () => {
    app = await startAlertTestApp(dialect)
    ;({ t, smtp, owner, buyer } = app)
  })
  afterAll(() => app?.close())

  async function createListing(
    name: string,
    address: string,
    geolocation?: ListingInput['geolocation'],
  ) {
    const upload = await storeReadyUpload(t.context, owner.id)
    const input: ListingInput = {
      type: 'rent',
      name,
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: false,
      address,
      offer: false,
      regularPrice: 1800,
      images: [upload.id],
      ...(geolocation && { geolocation }),
    }
    return t.context.writes.create(owner.id, input)
  }

  it('ties a listing to the city its address names when its pin lies nearer another', async () => {
    const boulogne = { lat: 48.83545, lng: 2.24128 }
    const paris = placeOfPoint({ lat: 48.8534, lng: 2.3488 })!
    // The pin alone is nearest Boulogne-Billancourt…
    expect(placeOfPoint(boulogne)!.id).not.toBe(paris.id)
    const listing = await createListing(
      'Flat near the Bois',
      '1 Rue de Rivoli, Paris, France',
      boulogne,
    )
    const list = await requestJson<{ items: { id: string }[] }>(
      t.app,
      `/api/listings?place=${paris.id}`,
    )
    // …but the address names Paris, 9 km away.
    expect(list.body.items.map((item) => item.id)).toContain(listing.id)
    await t.context.writes.delete(listing.id, owner.id)
  })

  it('mails a new listing tied to the place, and not one of another city', async () => {
    const paris = placeOfPoint({ lat: 48.8534, lng: 2.3488 })!
    const saved = await sendJson(
      t.app,
      'POST',
      '/api/saved-searches',
      { name: 'Paris', query: { place: String(paris.id) }, alerts: 'instant' },
      buyer.cookie,
    )
    expect(saved.status).toBe(201)
    expect(saved.body.query).toEqual({ place: String(paris.id) })

    const inParis = await createListing('Flat by the Seine', '12 Rue de Rivoli, Paris, France')
    const inLyon = await createListing('Flat by the Rhône', '3 Rue de la République, Lyon, France')
    // The list of the place holds the one, not the other.
    const list = await requestJson<{ items: { id: string }[] }>(
      t.app,
      `/api/listings?place=${paris.id}`,
    )
    expect(list.body.items.map((item) => item.id)).toEqual([inParis.id])

    const now = Date.now()
    await t.context.jobs.runDue(t.context.jobHandlers, () => now)
    const matches = await t.context.db.kysely
      .selectFrom('saved_search_match')
      .select('listingId')
      .execute()
    expect(matches.map((match) => match.listingId)).toEqual([inParis.id])
    await t.context.jobs.runDue(t.context.jobHandlers, () => now + 2 * 60_000)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.subject).toBe(`New home for "Paris": ${inParis.name}`)
    expect(smtp.mails[0]!.text).not.toContain(inLyon.name)
  })
})
