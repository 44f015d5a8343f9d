// The listing facts through the API on each database: stored as sent, read back by every read of a
// listing, cleared by an edit that leaves them out, and each bad value a 400 naming its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  requestJson,
  sendJson,
  type TestApp,
  testOrigin,
  validListingBody,
} from '../../../tests/support/test-app'
import { finishedUpload } from '../../../tests/support/tus'
import { signIn } from '../../../tests/support/sign-in'

const description =
  'A bright flat over the river.\n\nThe <b>kitchen</b> & living room face south; <script>alert(1)</script> stays text.'

const facts = {
  description,
  homeType: 'apartment',
  floorArea: 85,
  availableFrom: '2027-02-01',
  petsAllowed: true,
}

describe.each(dialects)('listing facts on %s', (dialect) => {
  let t: TestApp
  let cookie: string
  let saverCookie: string
  let ownerId: string

  const send = (method: string, url: string, body: unknown, as = cookie) =>
    sendJson(t.app, method, url, body, as)

  async function create(extra: Record<string, unknown>) {
    const body = { ...validListingBody([await finishedUpload(t.app, cookie)]), ...extra }
    return send('POST', '/api/listings', body)
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const owner = await createUser(t.context)
    ownerId = owner.id
    cookie = await signIn(t.context, owner)
    saverCookie = await signIn(t.context, await createUser(t.context))
  })
  afterAll(() => t.close())

  it('stores every fact and gives it back in each read of the listing, HTML as the text typed', async () => {
    const { status, body } = await create(facts)
    expect(status, JSON.stringify(body)).toBe(201)
    const created = body as unknown as Listing
    expect(created).toMatchObject(facts)

    const one = await requestJson<Listing>(t.app, `/api/listings/${created.id}`)
    expect(one.body).toEqual(created)

    const list = await requestJson<ListingPage>(t.app, '/api/listings?limit=50')
    expect(list.body.items.find((item) => item.id === created.id)).toEqual(created)

    const owners = await requestJson<ListingPage>(t.app, `/api/listings?userRef=${ownerId}`, {
      headers: { cookie },
    })
    expect(owners.body.items.find((item) => item.id === created.id)).toEqual(created)

    const search = await requestJson<ListingPage>(t.app, '/api/listings?q=sunny&parking=true')
    expect(search.body.items.find((item) => item.id === created.id)).toEqual(created)

    const saved = await t.app.request(`/api/favourites/${created.id}`, {
      method: 'PUT',
      headers: { Origin: testOrigin, Cookie: saverCookie },
    })
    expect(saved.status).toBe(204)
    const favourites = await requestJson<{ items: Listing[] }>(t.app, '/api/favourites', {
      headers: { cookie: saverCookie },
    })
    expect(favourites.body.items.find((item) => item.id === created.id)).toEqual(created)
  })

  it('leaves every fact out of a listing created without them', async () => {
    const { status, body } = await create({})
    expect(status).toBe(201)
    for (const name of Object.keys(facts)) expect(body).not.toHaveProperty(name)
    // Null is none too, and a description of spaces is none.
    const nulls = await create({
      description: '   ',
      homeType: null,
      floorArea: null,
      availableFrom: null,
      petsAllowed: null,
    })
    expect(nulls.status, JSON.stringify(nulls.body)).toBe(201)
    for (const name of Object.keys(facts)) expect(nulls.body).not.toHaveProperty(name)
  })

  it('clears the facts an edit leaves out, and keeps petsAllowed false as false', async () => {
    const { body } = await create(facts)
    const id = (body as unknown as Listing).id
    const images = (body as unknown as Listing).imageUrls
    const edited = await send('PUT', `/api/listings/${id}`, {
      ...validListingBody(images),
      petsAllowed: false,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    for (const name of ['description', 'homeType', 'floorArea', 'availableFrom']) {
      expect(edited.body).not.toHaveProperty(name)
    }
    expect(edited.body.petsAllowed).toBe(false)
    const read = await requestJson<Listing>(t.app, `/api/listings/${id}`)
    expect(read.body).toEqual(edited.body)
  })

  it('takes the limits themselves: 5,000 characters, 5 and 100,000 m², every home type', async () => {
    for (const [name, value] of [
      ['description', 'x'.repeat(5000)],
      ['description', 'line one\nline two\r\n\ttabbed'],
      ['floorArea', 5],
      ['floorArea', 100_000],
      ['availableFrom', '2028-02-29'],
      ['homeType', 'house'],
      ['homeType', 'other'],
    ] as const) {
      const { status, body } = await create({ [name]: value })
      expect(status, `${name}: ${JSON.stringify(body)}`).toBe(201)
      expect(body[name]).toBe(value)
    }
  })

  it('refuses each bad value with a 400 naming its field', async () => {
    for (const [name, value] of [
      ['description', 'x'.repeat(5001)],
      ['description', 'a bell \u0007 here'],
      ['description', 'turned \u202e around'],
      ['description', 'an isolate \u2067 here'],
      ['description', 42],
      ['floorArea', 4],
      ['floorArea', 100_001],
      ['floorArea', 85.5],
      ['floorArea', '85'],
      ['homeType', 'castle'],
      ['availableFrom', '2027-02-30'],
      ['availableFrom', 'tomorrow'],
      ['availableFrom', '2027-2-1'],
      ['petsAllowed', 'yes'],
    ] as const) {
      const { status, body } = await create({ [name]: value })
      expect(status, `${name} ${JSON.stringify(value)}`).toBe(400)
      expect(body).toEqual({ error: 'Invalid listing', fields: { [name]: expect.any(String) } })
    }
  })

  it('checks the owner before the body on an edit (401, 404, 403, then 400)', async () => {
    const { body } = await create({})
    const id = (body as unknown as Listing).id
    const bad = { ...validListingBody([]), floorArea: 1 }
    expect((await send('PUT', `/api/listings/${id}`, bad, '')).status).toBe(401)
    expect((await send('PUT', '/api/listings/NoSuchListing0000000', bad)).status).toBe(404)
    expect((await send('PUT', `/api/listings/${id}`, bad, saverCookie)).status).toBe(403)
    const refused = await send('PUT', `/api/listings/${id}`, bad)
    expect(refused.status).toBe(400)
    expect(refused.body.fields).toHaveProperty('floorArea')
  })
})
