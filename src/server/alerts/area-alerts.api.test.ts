// A saved search of an area, end to end on both databases: saved through the API with its
// polygon, and its alerts mail a new listing inside the area but not one in the notch of a C.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAlertTestApp, type AlertTestApp } from '../../../tests/support/alert-test-app'
import type { ListingInput } from '../../shared/listing-schema'
import { polygonMessages } from '../../shared/polygon'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import type { SignedInUser } from '../../../tests/support/sign-in'
import type { SmtpCatcher } from '../../../tests/support/smtp-catcher'
import { dialects, sendJson, type TestApp } from '../../../tests/support/test-app'

/**
 * A C round central Paris, open to the east: lat 48.83 to 48.89, lng 2.32 to 2.38, its notch
 * lat 48.85 to 48.87 from lng 2.34 eastwards. Written clockwise from the north-east, with its
 * closing point: the saved search keeps it in its one canonical form.
 */
const parisC = [
  '48.89,2.38',
  '48.87,2.38',
  '48.87,2.34',
  '48.85,2.34',
  '48.85,2.38',
  '48.83,2.38',
  '48.83,2.32',
  '48.89,2.32',
  '48.89,2.38',
].join(';')
const canonicalParisC =
  '48.83,2.32;48.83,2.38;48.85,2.38;48.85,2.34;48.87,2.34;48.87,2.38;48.89,2.38;48.89,2.32'

describe.each(dialects)('alerts of a saved area on %s', (dialect) => {
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

  const runJobs = (at: number) => t.context.jobs.runDue(t.context.jobHandlers, () => at)

  async function createListing(name: string, lat: number, lng: number) {
    const upload = await storeReadyUpload(t.context, owner.id)
    const input: ListingInput = {
      type: 'rent',
      name,
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: false,
      address: '12 Rue de Rivoli, Paris, France',
      offer: false,
      regularPrice: 1800,
      images: [upload.id],
      geolocation: { lat, lng },
    }
    return t.context.writes.create(owner.id, input)
  }

  it('keeps the area and mails a new listing inside it, not one in the notch of the C', async () => {
    const response = await sendJson(
      t.app,
      'POST',
      '/api/saved-searches',
      { name: 'Round the Louvre', query: { polygon: parisC }, alerts: 'instant' },
      buyer.cookie,
    )
    expect(response.status).toBe(201)
    const saved = response.body as { id: string; query: Record<string, string> }
    expect(saved.query).toEqual({ polygon: canonicalParisC })
    // Placed by the area's box, so a new listing finds it through the index of places.
    const stored = await t.context.db.kysely
      .selectFrom('saved_search')
      .select('placeKind')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow()
    expect(stored.placeKind).toBe('cells')

    await createListing('Flat in the notch', 48.86, 2.365)
    await createListing('Flat in the lower arm', 48.84, 2.36)
    await createListing('Flat north of the area', 48.95, 2.35)
    const matched = Date.now()
    await runJobs(matched)
    await runJobs(matched + 60 * 1000)
    expect(smtp.mails).toHaveLength(1)
    const [mail] = smtp.mails
    expect(mail!.subject).toBe('New home for "Round the Louvre": Flat in the lower arm')
    expect(mail!.text).not.toContain('Flat in the notch')
    expect(mail!.text).not.toContain('Flat north of the area')
  })

  it('rejects saving an area that crosses itself, naming polygon', async () => {
    const response = await sendJson(
      t.app,
      'POST',
      '/api/saved-searches',
      { query: { polygon: '48.83,2.32;48.89,2.38;48.83,2.38;48.89,2.32' }, alerts: 'instant' },
      buyer.cookie,
    )
    expect(response.status).toBe(400)
    expect(response.body.fields).toEqual({ 'query.polygon': polygonMessages.crossing })
  })
})
