// A deleted listing's page returns 410 Gone, however it was deleted (the API, its owner's account
// going, plain SQL): search engines drop it rather than retry. An id never seen stays 404, and the
// JSON API keeps its 404 (a contract). Runs on a client folder of index.html alone.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingPath } from '../../shared/listing-requests'
import { listingPagePath } from '../../shared/screens'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { signIn } from '../../../tests/support/sign-in'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp, type App } from '../app'

describe.each(dialects)('deleted listing pages (%s)', (dialect) => {
  let test: TestApp
  let app: App

  beforeAll(async () => {
    test = await createTestApp(dialect)
    const clientDir = await writeClientFolder(test.dataDir)
    app = createApp(test.context, { clientDir })
  })
  afterAll(() => test?.close())

  async function page(url: string) {
    const response = await app.request(url)
    return { status: response.status, html: await response.text() }
  }

  it('returns 410 for a listing deleted through the API, with the not-found title', async () => {
    const owner = await createUser(test.context)
    const listing = await insertListing(test.context, { userRef: owner.id, type: 'sale' })
    expect((await page(listingPagePath(listing))).status).toBe(200)

    const cookie = await signIn(test.context, owner)
    const deleted = await app.request(listingPath(listing.id), {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: testOrigin },
    })
    expect(deleted.status).toBe(204)

    const gone = await page(listingPagePath(listing))
    expect(gone.status).toBe(410)
    expect(gone.html).toContain('<title>Not found | House Marketplace</title>')
    expect((await app.request(listingPath(listing.id))).status).toBe(404)
  })

  it('returns 410 for listings gone with their owner, or by plain SQL', async () => {
    const owner = await createUser(test.context)
    const first = await insertListing(test.context, { userRef: owner.id })
    const second = await insertListing(test.context, { userRef: owner.id, type: 'sale' })
    await sql`delete from "user" where "id" = ${owner.id}`.execute(test.context.db.kysely)
    expect((await page(listingPagePath(first))).status).toBe(410)
    expect((await page(listingPagePath(second))).status).toBe(410)

    const other = await createUser(test.context)
    const third = await insertListing(test.context, { userRef: other.id })
    await sql`delete from listing where "id" = ${third.id}`.execute(test.context.db.kysely)
    expect((await page(listingPagePath(third))).status).toBe(410)
  })

  it('returns 404 for an id never seen', async () => {
    const { status, html } = await page('/category/rent/never-a-listing')
    expect(status).toBe(404)
    expect(html).toContain('<title>Not found | House Marketplace</title>')
  })
})
